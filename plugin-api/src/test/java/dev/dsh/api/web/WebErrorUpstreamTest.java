package dev.dsh.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WebErrorUpstreamTest {

  @Test
  void aPlainErrorCarriesNoUpstreamStatus() {
    WebError error = new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, "failed");

    assertThat(error.upstreamStatus()).isEmpty();
    assertThat(error.retryAfter()).isEmpty();
  }

  @Test
  void withUpstreamKeepsEverythingElseAndAddsTheStatusAndTheWait() {
    IOException cause = new IOException("reset");
    WebError error = new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, "HTTP 429", "Limit", cause);

    WebError limited = error.withUpstream(429, Duration.ofSeconds(7));

    assertThat(limited.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(limited.getMessage()).isEqualTo("HTTP 429");
    assertThat(limited.providerCode()).contains("Limit");
    assertThat(limited.getCause()).isSameAs(cause);
    assertThat(limited.upstreamStatus()).contains(429);
    assertThat(limited.retryAfter()).contains(Duration.ofSeconds(7));
    assertThat(limited.getStackTrace()).isEqualTo(error.getStackTrace());
    assertThat(error.withUpstream(500, null).retryAfter()).isEmpty();
  }

  @Test
  void withUpstreamRefusesWhatIsNoHttpStatusOrANegativeWait() {
    WebError error = new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, "failed");

    assertThatThrownBy(() -> error.withUpstream(42, null))
        .hasMessage("an HTTP status has three digits: 42");
    assertThatThrownBy(() -> error.withUpstream(429, Duration.ofSeconds(-1)))
        .hasMessage("Retry-After must not be negative: PT-1S");
  }
}
