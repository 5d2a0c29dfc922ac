package dev.dsh.api.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** One wording for a search that ran out of time. */
class TimedOutWordingTest {

  @Test
  void aTimeoutReadsTheSameInSecondsOrMilliseconds() {
    WebError seconds = WebError.timedOut(Duration.ofSeconds(3));
    assertThat(seconds.code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    assertThat(seconds.getMessage()).isEqualTo("web search timed out after 3 s");
    assertThat(WebError.timedOut(Duration.ofMillis(1500)).getMessage())
        .isEqualTo("web search timed out after 1500 ms");
  }
}
