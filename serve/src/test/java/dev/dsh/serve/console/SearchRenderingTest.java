package dev.dsh.serve.console;

import static dev.dsh.serve.console.ConsoleApiCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.tool.WebSearchRendering;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/** {@code POST /api/search?rendering=true} adds the text the model sees. */
class SearchRenderingTest {

  @TempDir Path home;

  @Test
  void renderingTrueAddsTheWebSearchToolsTextToTheSameAnswer() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.pages("tea", 3));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      HttpResponse<String> rendered = served.postJson("/api/search?rendering=true",
          "{\"query\": \"green tea\", \"maxResults\": 2}");
      var result = served.host().search(new WebSearchRequest("green tea", 2), AbortSignal.never())
          .toCompletableFuture().get(20, TimeUnit.SECONDS);

      assertThat(rendered.statusCode()).isEqualTo(200);
      ObjectNode answer = (ObjectNode) json(rendered);
      assertThat(answer.get("rendering").asString())
          .isEqualTo(WebSearchRendering.render(result)).contains("https://example.com/tea/1");
      answer.remove("rendering");
      assertThat(answer.toString()).isEqualTo(SearchJson.of(result).toJson());
    }
  }
}
