package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HealthTest {

  @TempDir Path home;

  @Test
  void livenessAndReadinessAnswerWithoutAToken() {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      HttpResponse<String> live = served.send(HttpRequest.newBuilder(served.url("/healthz")).build());
      HttpResponse<String> ready = served.send(HttpRequest.newBuilder(served.url("/readyz")).build());

      assertThat(live.statusCode()).isEqualTo(200);
      assertThat(live.body()).isEqualTo("ok\n");
      assertThat(ready.statusCode()).isEqualTo(200);
      assertThat(ready.body()).isEqualTo("ready\n");
    }
  }

  @Test
  void readinessIs503WithTheReasonWhenNoProviderIsReady() {
    try (ServedHost served = ServedHost.start(home, "ftp://x", "")) {
      HttpResponse<String> ready = served.send(HttpRequest.newBuilder(served.url("/readyz")).build());

      assertThat(ready.statusCode()).isEqualTo(503);
      assertThat(ready.body()).startsWith("no web search provider is ready: yuanbao: ")
          .contains("baseURL is not an absolute http(s) URL");
    }
  }
}
