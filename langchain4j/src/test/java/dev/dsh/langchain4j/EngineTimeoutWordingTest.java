package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.internal.web.WebServiceImpl;
import dev.dsh.host.model.ActivityListener;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Through the host's web service, the engine's timeout reaches the provider as its deadline, and a
 * provider that ends its search when it passes reads as the one timeout wording.
 */
class EngineTimeoutWordingTest {

  @Test
  @Timeout(60) // a hang guard only
  void aProviderAbortedByTheTimeoutReadsAsTimedOutAndKnewTheDeadline() {
    AtomicReference<Optional<Instant>> seen = new AtomicReference<>();
    WebServiceImpl web = new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
        ActivityListener.NONE, Optional::empty);
    web.registerSearchProvider(new FakeProvider("alpha", (request, signal) -> {
      seen.set(signal.deadline());
      return FakeProvider.hang(signal); // ends with its own WEB_ABORTED when the signal fires
    }));
    DshWebSearchEngine engine = new DshWebSearchEngine(web, Duration.ofMillis(200));
    Instant before = Instant.now();

    assertThatThrownBy(() -> engine.search("q"))
        .isInstanceOfSatisfying(WebError.class, error -> {
          assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
          assertThat(error.getMessage()).isEqualTo("web search timed out after 200 ms");
        });
    assertThat(seen.get()).hasValueSatisfying(
        due -> assertThat(due).isBetween(before.plusMillis(200), Instant.now()));
  }
}
