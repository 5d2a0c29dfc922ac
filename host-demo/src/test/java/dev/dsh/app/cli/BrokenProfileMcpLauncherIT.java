package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Through the real {@code dsh mcp}: a profile that does not compose at start.
 * The server stays up (an MCP client hides stderr), every tool call's {@code isError} text names
 * the file, the entry and what is wrong, and saving the fixed file makes the next call search,
 * without a restart.
 */
class BrokenProfileMcpLauncherIT {

  private static final String WHY = "profile \"default\" is not applied, so no plugin row runs:"
      + " user layer profiles/default/cordis.patch.yml: entry 1 overrides row \"web-search-yuanbo\","
      + " which no earlier layer defines (use {insert: [...]} to add a row); fix the file and dsh"
      + " applies it once it is saved, without a restart";

  @TempDir Path work;

  @Test
  void everyToolCallSaysWhatIsWrongUntilTheFixedFileIsSaved() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      Path home = work.resolve("home");
      CliHarness.installPlugin(home, stub.baseUrl(), "");
      Path patch = home.resolve("profiles/default/cordis.patch.yml");
      Files.writeString(patch, "- id: web-search-yuanbo\n  config: {baseURL: \"" + stub.baseUrl() + "\"}\n");
      RealLauncher launcher = RealLauncher.in(work);

      try (McpClientProcess server = McpClientProcess.launch(
          launcher.command("--home", home.toString(), "mcp"), launcher.launchEnvironment(Map.of()))) {
        ObjectNode init = McpClientProcess.JSON.createObjectNode().put("protocolVersion", "2025-06-18");
        init.putObject("capabilities");
        init.putObject("clientInfo").put("name", "it").put("version", "1");
        // Generous: the first start after a build also makes the class-data-sharing archive.
        server.request("initialize", init).get(180, TimeUnit.SECONDS);
        server.notify("notifications/initialized", McpClientProcess.JSON.createObjectNode());

        JsonNode broken = call(server, "broken");
        assertThat(broken.path("isError").asBoolean()).as(broken.toString()).isTrue();
        assertThat(broken.path("content").get(0).path("text").asString()).isEqualTo("Error: " + WHY);
        assertThat(call(server, "again").path("content").get(0).path("text").asString())
            .isEqualTo("Error: " + WHY);
        assertThat(stub.requests()).isEmpty();

        CliHarness.writeUserLayer(home, stub.baseUrl(), "");
        JsonNode fixed = awaitSearched(server);
        assertThat(fixed.path("content").get(0).path("text").asString())
            .contains("https://example.com/a");

        server.endInput();
        assertThat(server.awaitExit(Duration.ofSeconds(30))).isZero();
        assertThat(server.stderrLines()).contains("dsh: " + WHY)
            .noneMatch(line -> line.contains("previous tree"));
      }
    }
  }

  private static JsonNode call(McpClientProcess server, String query) throws Exception {
    ObjectNode params = McpClientProcess.JSON.createObjectNode().put("name", "web_search");
    params.putObject("arguments").putArray("queries").add(query);
    return server.request("tools/call", params).get(60, TimeUnit.SECONDS).path("result");
  }

  /** Calls until a call searches (the watcher polls every 250 ms); a hang guard of 30 s. */
  private static JsonNode awaitSearched(McpClientProcess server) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      JsonNode result = call(server, "fixed");
      if (!result.path("isError").asBoolean()) {
        return result;
      }
      assertThat(result.path("content").get(0).path("text").asString())
          .as("a call before the fix applies, stderr so far: %s", server.stderrLines())
          .isEqualTo("Error: " + WHY);
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the fixed profile was not applied within 30 s: " + result);
      }
      Thread.sleep(250);
    }
  }
}
