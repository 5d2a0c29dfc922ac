package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.serve.testing.Canary;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code /readyz} through the boot and after a broken profile; a plugin unloaded under
 * the server changes what the next request gets, as in {@code dsh run}.
 */
class ReadinessAndReloadTest {

  private static final Duration SOON = Duration.ofSeconds(20); // a hang bound: the watcher's reload

  @TempDir Path home;

  @Test
  void readinessIs503WhileTheHostBootsAndSaysSo() throws Exception {
    Path token = Files.writeString(home.resolve("token"), ServedHost.TOKEN + "\n");
    ServeOptions options = new ServeOptions("127.0.0.1", 0, false, Optional.of(token),
        Optional.empty(), Optional.empty(), Duration.ofSeconds(10), 1_000, Duration.ofMinutes(30), List.of(), List.of());
    try (DshServer server = DshServer.start(options, HostOptions.of(home, "default"), line -> {})) {
      HttpResponse<String> ready = readiness(server);

      assertThat(ready.statusCode()).isEqualTo(503);
      assertThat(ready.body()).isEqualTo("the host is booting\n");
    }
  }

  @Test
  void aProfileBrokenAtTheStartIs503WithTheReasonAndItsFixBringsItBack() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      RealPluginJar.install(home, stub.baseUrl(), "");
      Path layer = home.resolve("profiles/default/cordis.patch.yml");
      String good = Files.readString(layer);
      Files.writeString(layer, good + "- id: no-such-row\n  config: {}\n");
      Path token = Files.writeString(home.resolve("token"), ServedHost.TOKEN + "\n");
      ServeOptions options = new ServeOptions("127.0.0.1", 0, false, Optional.of(token),
          Optional.empty(), Optional.empty(), Duration.ofSeconds(10), 1_000,
          Duration.ofMinutes(30), List.of(), List.of());
      HostOptions hostOptions = new HostOptions(new DshHome(home), "default", Optional.empty(),
          LaunchEnvironment.of(Map.of("TENCENTCLOUD_WSA_APIKEY", ServedHost.KEY)), line -> {});
      try (DshServer server = DshServer.start(options, hostOptions, line -> {});
          Host host = Host.serve(server.instrument(hostOptions), LifecycleListener.none())) {
        server.booted(host);
        HttpResponse<String> broken = readiness(server);
        Files.writeString(layer, good);
        HttpResponse<String> fixed = await(server, r -> r.statusCode() == 200);

        assertThat(broken.statusCode()).isEqualTo(503);
        assertThat(broken.body()).startsWith("the profile is not applied: ")
            .contains("no-such-row");
        assertThat(fixed.body()).isEqualTo("ready\n");
      }
    }
  }

  @Test
  void aProfileBrokenUnderARunningServerIs503WithTheReasonAndItsFixBringsItBack()
      throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      Path layer = home.resolve("profiles/default/cordis.patch.yml");
      String good = Files.readString(layer);
      HttpResponse<String> before = readiness(served.server());

      Files.writeString(layer, good + "- id: [not closed\n");
      HttpResponse<String> broken = await(served.server(), r -> r.statusCode() == 503);
      Files.writeString(layer, good);
      HttpResponse<String> fixed = await(served.server(), r -> r.statusCode() == 200);

      assertThat(before.body()).isEqualTo("ready\n");
      assertThat(broken.body()).startsWith("the profile is not applied: profile not applied,"
          + " the previous tree keeps serving: ").contains("cordis.patch.yml").endsWith("\n")
          .hasLineCount(1);
      assertThat(fixed.body()).isEqualTo("ready\n");
      Canary.nowhere(List.of(before, broken, fixed), served.log(), ServedHost.TOKEN,
          ServedHost.KEY);
    }
  }

  @Test
  void aRefusedRowConfigIsInApiStatusWhileTheRowKeepsServingAndReady() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      RealPluginJar.writeUserLayer(home, stub.baseUrl(), "count: 15");
      served.host().reload(); // a watcher's reload may come too: it finds the same
      HttpResponse<String> status = served.get("/api/status");
      HttpResponse<String> ready = readiness(served.server());

      assertThat(status.statusCode()).isEqualTo(200);
      assertThat(JsonMapper.builder().build().readTree(status.body()).get("refusedConfigs")
          .toString()).isEqualTo("[{\"row\":\"" + RealPluginJar.ROW_ID + "\",\"layer\":"
              + "\"user layer profiles/default/cordis.patch.yml\",\"error\":\"/count: must be"
              + " one of 10, 20, 30, 40, 50 (got 15)\"}]");
      assertThat(ready.body()).isEqualTo("ready\n");
    }
  }

  @Test
  void aPluginUnloadedUnderTheServerLeavesTheNextSearchWithoutAProvider() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      assertThat(served.postJson("/api/search", "{\"query\": \"before\"}").statusCode())
          .isEqualTo(200);

      Files.delete(home.resolve("plugins").resolve(RealPluginJar.PLUGIN_ID + ".jar"));
      await(served.server(), r -> r.statusCode() == 503);
      HttpResponse<String> after = served.postJson("/api/search", "{\"query\": \"after\"}");

      assertThat(after.statusCode()).isEqualTo(503);
      assertThat(after.body()).contains("WEB_PROVIDER_UNAVAILABLE");
      assertThat(stub.bodies()).containsExactly("{\"Query\":\"before\",\"Cnt\":10}");
    }
  }

  private static HttpResponse<String> readiness(DshServer server) throws Exception {
    return HttpClient.newHttpClient().send(
        HttpRequest.newBuilder(server.url().resolve("/readyz")).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> await(
      DshServer server, Predicate<HttpResponse<String>> wanted) throws Exception {
    long end = System.nanoTime() + SOON.toNanos();
    HttpResponse<String> last = readiness(server);
    while (!wanted.test(last)) {
      if (System.nanoTime() > end) {
        throw new AssertionError("readiness did not change within " + SOON + ": " + last.body());
      }
      Thread.sleep(50);
      last = readiness(server);
    }
    return last;
  }
}
