package dev.dsh.serve.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.model.HostVersion;
import dev.dsh.serve.testing.ServedHost;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code GET /api/overview}. */
class OverviewApiTest {

  @TempDir Path home;

  @Test
  void theOverviewHasTheHostTheProvidersTheSelectionAndTheSearchCounts() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      assertThat(served.postJson("/api/search", "{\"query\": \"ok\"}").statusCode())
          .isEqualTo(200);
      stub.answer(StubReply.status(500, "{}"));
      assertThat(served.postJson("/api/search", "{\"query\": \"broken\"}").statusCode())
          .isEqualTo(502);

      // The counts follow the answers: the second one may be back before its search is counted.
      JsonNode overview = ConsoleApiCalls.await(served, "/api/overview",
          answer -> answer.get("searches").get("total").asLong() == 2);

      assertThat(overview.get("version").asString()).isEqualTo(HostVersion.current());
      assertThat(overview.get("profile").asString()).isEqualTo("default");
      assertThat(overview.get("home").asString()).isEqualTo(home.toString());
      assertThat(overview.get("uptimeSeconds").asLong()).isBetween(0L, 600L);
      assertThat(overview.get("providers").toString())
          .isEqualTo("[{\"id\":\"yuanbao\",\"available\":true,\"ready\":true}]");
      assertThat(overview.get("selected").toString())
          .isEqualTo("{\"provider\":\"yuanbao\",\"pinned\":false}");
      assertThat(overview.get("searches").toString()).isEqualTo("{\"total\":2,\"failed\":1}");
    }
  }

  @Test
  void aPinnedProviderThatIsNotRegisteredIsNoSelectionWithTheSearchesReason() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      served.putJson("/api/config/web", "{\"config\": {\"searchProvider\": \"elsewhere\"}}");

      JsonNode selected = ConsoleApiCalls.await(served, "/api/overview",
          overview -> overview.get("selected").get("pinned").asBoolean()).get("selected");

      assertThat(selected.toString()).isEqualTo("{\"provider\":null,\"pinned\":true,"
          + "\"reason\":\"configured web provider \\\"elsewhere\\\" is not registered\"}");
    }
  }
}
