package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.internal.plugins.TestPluginJars;
import dev.dsh.host.tool.WebSearchTool;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dsh mcp} answers {@code initialize} and {@code tools/list} while the host is still
 * booting, and a {@code tools/call} sent meanwhile waits for the boot and is served by the loaded
 * plugin. The boot is held by a plugin whose {@code apply} waits for a gate file the test creates.
 */
class McpEarlyAnswerTest {

  private static final Duration SOON = Duration.ofSeconds(120);

  @TempDir Path dir;

  @Test
  void initializeAndToolsListAreAnsweredWhileTheBootIsHeldAndACallWaitsForIt() throws Exception {
    Path home = dir.resolve("home");
    Path gate = dir.resolve("gate");
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("early"))) {
      CliHarness.installPlugin(home, stub.baseUrl(), "");
      gatePlugin(gate, home.resolve("plugins/adv-gate.jar"));
      Files.writeString(
          home.resolve("profiles/default/profile.yml"),
          "bundles: [" + CliHarness.PLUGIN_ID + ", adv-gate]\n");
      Map<String, String> env = new HashMap<>();
      env.put("TENCENTCLOUD_WSA_APIKEY", "sk-test");
      env.put("DSH_PLUGIN_DEADLINE", "60s");
      env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));

      McpClientProcess server =
          McpClientProcess.launch(
              McpCommandTest.readmeCommand(McpCommandTest.launcher(dir), home), env);
      try {
        JsonNode initialized = await(server.request("initialize", initializeParams()));
        server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());
        JsonNode tools =
            await(server.request("tools/list", McpClientProcess.JSON.createObjectNode()));
        CompletableFuture<JsonNode> call = server.request("tools/call", callParams());

        assertThat(initialized.path("result").path("serverInfo").path("name").asString())
            .isEqualTo("dsh");
        assertThat(tools.path("result").path("tools").get(0).path("name").asString())
            .isEqualTo(WebSearchTool.NAME);
        assertThat(server.stderrLines()).as("the boot is still held").noneMatch(
            line -> line.contains("applied root/adv-gate"));
        assertThat(stub.requests()).as("no search before the boot").isEmpty();

        Files.writeString(gate, "open");
        JsonNode result = await(call).path("result");

        assertThat(result.path("isError").asBoolean()).as(result.toString()).isFalse();
        assertThat(result.path("structuredContent").path("sources")).isNotEmpty();
        assertThat(stub.requests()).hasSize(1);
        assertThat(server.stderrLines()).anyMatch(line -> line.contains("applied root/adv-gate"));
      } finally {
        server.close();
      }
    }
  }

  /** {@code adv-gate}: {@code apply} waits until {@code gate} exists (a minute at most). */
  private void gatePlugin(Path gate, Path target) throws Exception {
    String wait =
        "java.nio.file.Path gate = java.nio.file.Path.of(\""
            + gate.toString().replace("\\", "\\\\")
            + "\"); long end = System.nanoTime() + 60_000_000_000L;"
            + " while (!java.nio.file.Files.exists(gate) && System.nanoTime() < end) {"
            + " try { Thread.sleep(20); } catch (InterruptedException e) { return; } }";
    TestPluginJars.bare(dir)
        .manifest("Plugin-Id", "adv-gate")
        .manifest("Plugin-Version", "1.0.0")
        .manifest("Plugin-Requires", ">=0.1.0")
        .source(
            "test.advgate.Entry",
            "package test.advgate;\n"
                + "@org.pf4j.Extension\n"
                + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
                + "  public String name() { return \"adv-gate\"; }\n"
                + "  public void apply(dev.dsh.api.Context ctx, dev.dsh.api.Config config) {\n"
                + "    " + wait + "\n"
                + "  }\n"
                + "}\n")
        .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: adv-gate, name: adv-gate}]\n")
        .buildTo(target);
    // An old timestamp: the loader takes a settled file at once instead of waiting for it.
    Files.setLastModifiedTime(target, java.nio.file.attribute.FileTime.fromMillis(0));
  }

  private static ObjectNode initializeParams() {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
    params.putObject("capabilities");
    params.putObject("clientInfo").put("name", "mcp-test").put("version", "1");
    return params;
  }

  private static ObjectNode callParams() {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("name", WebSearchTool.NAME);
    params.set("arguments", McpClientProcess.JSON.readTree("{\"queries\": [\"early\"]}"));
    return params;
  }

  private static JsonNode await(CompletableFuture<JsonNode> response) throws Exception {
    return response.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
  }
}
