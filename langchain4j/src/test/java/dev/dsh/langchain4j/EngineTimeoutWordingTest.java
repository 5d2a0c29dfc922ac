package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Issue 22 section 3: a provider that ends its search when the engine's timeout fires reads as the
 * one timeout wording, and it saw the deadline coming.
 */
class EngineTimeoutWordingTest {

  @Test
  void aProviderAbortedByTheTimeoutReadsAsTimedOutAndKnewTheDeadline() {
    CompletableFuture<WebSearchResult> stage = new CompletableFuture<>();
    FakeWebService web = FakeWebService.answering(stage);
    DshWebSearchEngine engine = new DshWebSearchEngine(web, Duration.ofMillis(200));
    Instant before = Instant.now();
    // As a provider does: the signal firing ends the search with its own WEB_ABORTED text.
    AtomicReference<Optional<Instant>> seen = new AtomicReference<>();
    CompletableFuture.runAsync(() -> {
      while (web.searches.isEmpty()) {
        Thread.onSpinWait();
      }
      seen.set(web.searches.get(0).signal().deadline());
      web.searches.get(0).signal().onAbort(() -> stage.completeExceptionally(
          new WebError(WebErrorCodes.WEB_ABORTED, "Yuanbao search aborted")));
    });

    assertThatThrownBy(() -> engine.search("q"))
        .isInstanceOfSatisfying(WebError.class, error -> {
          assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
          assertThat(error.getMessage()).isEqualTo("web search timed out after 200 ms");
        });
    assertThat(stage).as("the provider's own abort ended it").isCompletedExceptionally();
    assertThat(seen.get()).hasValueSatisfying(
        due -> assertThat(due).isBetween(before.plusMillis(200), Instant.now()));
  }
}
