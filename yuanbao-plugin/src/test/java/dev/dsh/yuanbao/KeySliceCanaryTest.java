package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * A service that echoes a truncated key (12 or 13 of its characters) in an
 * error {@code Message} or in a source shows none of them.
 */
class KeySliceCanaryTest {

  private static final String CANARY = "sk-CANARY-4f9e2a7b1c3d5e8f0a6b";
  private static final String TWELVE = CANARY.substring(9, 21);
  private static final String THIRTEEN = CANARY.substring(0, 13);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  @Test
  void slicesInAnErrorMessageAreMasked() {
    for (String slice : List.of(TWELVE, THIRTEEN)) {
      answer("{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"key " + slice
          + "… is invalid\"}}}");

      WebError error = TestSupport.failure(search());

      assertThat(error.getMessage()).as(slice).isEqualTo("key ***… is invalid");
    }
  }

  @Test
  void slicesInASourceAreMasked() {
    String page = "{\"url\":\"https://a.example/?k=" + TWELVE + "\",\"title\":\"key " + THIRTEEN
        + "\",\"passage\":\"echo " + TWELVE.toUpperCase(java.util.Locale.ROOT) + " and " + THIRTEEN
        + " end\"}";
    answer("{\"Response\":{\"Pages\":[" + JSON.writeValueAsString(page) + "]}}");

    WebSearchSource source = TestSupport.await(search()).sources().get(0);

    assertThat(source.url()).isEqualTo("https://a.example/?k=***");
    assertThat(source.title()).isEqualTo("key ***");
    assertThat(source.snippet()).isEqualTo("echo *** and *** end");
  }

  @Test
  void elevenCharactersOfTheKeyAreLeftAsSent() {
    String eleven = CANARY.substring(9, 20);
    answer("{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"key " + eleven + "\"}}}");

    assertThat(TestSupport.failure(search()).getMessage()).isEqualTo("key " + eleven);
  }

  private static java.util.concurrent.CompletionStage<dev.dsh.api.web.WebSearchResult> search() {
    YuanbaoSearchProvider provider =
        TestSupport.provider(Configs.withApiKey(TestSupport.config(server.baseUrl()), CANARY));
    var stage = provider.search(WebSearchRequest.of("q"), AbortSignal.never());
    stage.whenComplete((r, e) -> provider.close());
    return stage;
  }

  private static void answer(String body) {
    server.reset();
    server.answer(StubReply.json(body));
  }
}
