package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The key never comes back from /api/search, /api/status or /metrics, nor in a log. */
class ApiCanaryTest {

  @TempDir Path home;

  @Test
  void theKeyIsInNoBodyHeaderMetricOrLogLineOfTheApi() {
    // Every answer echoes the key the plugin sent: the plugin scrubs it, the server must not leak.
    String echo = "{\"Response\":{\"Error\":{\"Code\":\"" + ServedHost.KEY
        + "\",\"Message\":\"bad key " + ServedHost.KEY + "\"}}}";
    try (SearchProStub stub = SearchProStub.answering(StubReply.status(429, echo)
            .withHeader("Retry-After", "3"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      List<HttpResponse<String>> responses = new ArrayList<>();
      responses.add(served.postJson("/api/search", "{\"query\": \"q\"}"));
      stub.answer(StubReply.json(echo));
      responses.add(served.postJson("/api/search", "{\"query\": \"" + ServedHost.KEY + "x\"}"));
      stub.answer(StubReply.status(200, "{\"Response\":{\"Pages\":[\"{\\\"url\\\":"
          + "\\\"https://example.com/" + ServedHost.KEY + "\\\",\\\"title\\\":\\\""
          + ServedHost.KEY + "\\\"}\"]}}"));
      responses.add(served.postJson("/api/search", "{\"query\": \"q\"}"));
      responses.add(served.postJson("/api/search", "{\"query\": \"q\", \"limit\": 1}"));
      responses.add(served.get("/api/status"));
      responses.add(served.get("/metrics"));

      assertThat(stub.searches()).isNotEmpty().allSatisfy(request ->
          assertThat(request.header("Authorization")).hasValue("Bearer " + ServedHost.KEY));
      assertThat(responses).extracting(HttpResponse::statusCode)
          .containsExactly(429, 502, 200, 400, 200, 200);
      for (HttpResponse<String> response : responses) {
        assertThat(response.body()).doesNotContain(ServedHost.KEY.substring(3));
        assertThat(response.headers().map().toString()).doesNotContain(ServedHost.KEY);
      }
      assertThat(served.log()).noneMatch(line -> line.contains(ServedHost.KEY));
    }
  }
}
