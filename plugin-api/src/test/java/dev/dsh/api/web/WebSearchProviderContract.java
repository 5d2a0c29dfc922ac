package dev.dsh.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The reusable contract every {@link WebSearchProvider} must meet. Extend it in a provider's tests
 * and supply providers wired to an offline stub.
 *
 * <p>Published in {@code dsh-plugin-api}'s test-jar.
 */
public abstract class WebSearchProviderContract {

  /** A provider whose searches succeed with at least one source. A new one per call is fine. */
  protected abstract WebSearchProvider provider();

  /**
   * A provider whose searches do not complete on their own (its backend holds the answer), so an
   * abort mid-search can be observed; empty skips that check.
   */
  protected Optional<WebSearchProvider> hangingProvider() {
    return Optional.empty();
  }

  /** The query the checks search for. */
  protected String query() {
    return "DeepSeek";
  }

  /** A generous bound against hangs, not a performance target. */
  protected Duration hangBound() {
    return Duration.ofSeconds(5);
  }

  @Test
  void idIsStableAndNotBlank() {
    WebSearchProvider provider = provider();
    String id = provider.id();
    assertThat(id).isNotBlank();
    assertThat(provider.id()).isEqualTo(id);
    provider.search(WebSearchRequest.of(query()), AbortSignal.never());
    assertThat(provider.id()).isEqualTo(id);
  }

  @Test
  void availableAnswersWithoutBlocking() throws Exception {
    WebSearchProvider provider = provider();
    CompletableFuture<Boolean> answers =
        CompletableFuture.supplyAsync(
            () -> {
              boolean all = true;
              for (int i = 0; i < 1_000; i++) {
                all &= provider.available();
              }
              return all;
            });
    assertThat(answers.get(hangBound().toMillis(), TimeUnit.MILLISECONDS)).isTrue();
  }

  /**
   * {@link WebSearchProvider#ready()} never blocks either, and a provider whose searches succeed
   * holds what it needs: it is ready, with no reason not to be.
   */
  @Test
  void readyAnswersWithoutBlockingAndAProviderThatSearchesIsReady() throws Exception {
    WebSearchProvider provider = provider();
    CompletableFuture<Boolean> answers =
        CompletableFuture.supplyAsync(
            () -> {
              boolean all = true;
              for (int i = 0; i < 1_000; i++) {
                all &= provider.ready();
              }
              return all;
            });
    assertThat(answers.get(hangBound().toMillis(), TimeUnit.MILLISECONDS)).isTrue();
    assertThat(provider.notReadyReason()).isEmpty();
  }

  @Test
  void sourcesCarryHttpUrlsAndNoBlankFields() throws Exception {
    WebSearchResult result = await(provider().search(WebSearchRequest.of(query()), AbortSignal.never()));
    assertThat(result.sources()).isNotEmpty();
    for (WebSearchSource source : result.sources()) {
      URI uri = URI.create(source.url());
      assertThat(uri.isAbsolute()).as("absolute url %s", source.url()).isTrue();
      assertThat(uri.getScheme()).as("scheme of %s", source.url()).isIn("http", "https");
      assertThat(source.url()).isEqualTo(source.url().trim());
      for (String field : new String[] {source.title(), source.snippet(), source.publishedAt()}) {
        if (field != null) {
          assertThat(field).isNotBlank();
        }
      }
    }
  }

  @Test
  void aSignalAbortedBeforehandEndsWithWebAborted() {
    AbortController controller = new AbortController();
    controller.abort();
    assertAborted(provider().search(WebSearchRequest.of(query()), controller.signal()));
  }

  @Test
  void anAbortDuringTheSearchEndsWithWebAborted() throws Exception {
    Optional<WebSearchProvider> hanging = hangingProvider();
    assumeTrue(hanging.isPresent(), "no hanging provider supplied");
    AbortController controller = new AbortController();
    var stage = hanging.get().search(WebSearchRequest.of(query()), controller.signal());
    Thread.sleep(100); // let the request reach the backend
    assertThat(stage.toCompletableFuture()).isNotDone();
    controller.abort();
    assertAborted(stage);
  }

  private void assertAborted(java.util.concurrent.CompletionStage<WebSearchResult> stage) {
    assertThatThrownBy(() -> await(stage))
        .isInstanceOf(WebError.class)
        .satisfies(e -> assertThat(((WebError) e).code()).isEqualTo(WebErrorCodes.WEB_ABORTED));
  }

  private WebSearchResult await(java.util.concurrent.CompletionStage<WebSearchResult> stage)
      throws Exception {
    try {
      return stage.toCompletableFuture().get(hangBound().toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException | CompletionException e) {
      if (e.getCause() instanceof Exception cause) {
        throw cause;
      }
      throw e;
    }
  }
}
