package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.HostOptions;
import dev.dsh.serve.testing.ServedHost;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** While the host boots, or when it did not start, the API answers 503 and says why. */
class ApiBootTest {

  @TempDir Path home;

  @Test
  void beforeTheBootAndAfterAFailedOneTheApiIs503() throws Exception {
    Path token = Files.writeString(home.resolve("token"), ServedHost.TOKEN + "\n");
    ServeOptions options = new ServeOptions("127.0.0.1", 0, false, Optional.of(token),
        Optional.empty(), Optional.empty(), Duration.ofSeconds(10), 1_000, Duration.ofMinutes(30), List.of(), List.of());
    try (DshServer server = DshServer.start(options, HostOptions.of(home, "default"), line -> {})) {
      HttpResponse<String> status = get(server, "/api/status");
      HttpResponse<String> search = post(server, "{\"query\": \"q\"}");

      assertThat(status.statusCode()).isEqualTo(503);
      assertThat(status.body()).isEqualTo("{\"error\":{\"code\":\"HOST_NOT_RUNNING\","
          + "\"message\":\"the host is booting\"}}\n");
      assertThat(search.statusCode()).isEqualTo(503);
      assertThat(search.body()).isEqualTo("{\"error\":{\"code\":\"WEB_PROVIDER_UNAVAILABLE\","
          + "\"message\":\"the host is booting\"}}\n");

      server.bootFailed(new IllegalStateException("boom"));

      assertThat(get(server, "/api/status").body()).contains("the host did not start")
          .doesNotContain("boom");
      assertThat(post(server, "{\"query\": \"q\"}").statusCode()).isEqualTo(503);
    }
  }

  private static HttpResponse<String> get(DshServer server, String path)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(server.url().resolve(path))
        .header("Authorization", "Bearer " + ServedHost.TOKEN).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(DshServer server, String json)
      throws IOException, InterruptedException {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(
            server.url().resolve("/api/search"))
        .header("Authorization", "Bearer " + ServedHost.TOKEN)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(json)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
