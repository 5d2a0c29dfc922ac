package dev.dsh.serve.internal.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.serve.mcp.CallSignals;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A session expires once unused for the idle time, never while a request of it is in flight, on a
 * clock the test moves: no real time passes, so a loaded machine cannot change the outcome.
 */
class McpSessionExpiryTest {

  private static final Duration IDLE = Duration.ofMillis(200);

  private final AtomicLong now = new AtomicLong();
  private final CallSignals calls = new CallSignals(AbortSignal.never());
  private final McpSessions sessions = new McpSessions(1, IDLE, calls, now::get);

  @AfterEach
  void close() {
    sessions.close();
  }

  @Test
  void aSessionWithARequestInFlightOutlivesManyIdleTimesAndExpiresOnceUnusedAfterIt() {
    assertThat(sessions.reserve()).isTrue();
    sessions.started("s");
    assertThat(sessions.use("s", 1)).as("a call's request begins").isTrue();
    String key = McpSessions.key("s", "5");
    calls.open(key);

    advance(Duration.ofMinutes(10));
    assertThat(sessions.reserve()).as("the session still holds the only place").isFalse();
    assertThat(calls.claim(key).signal().aborted()).isFalse();

    sessions.use("s", -1);
    advance(IDLE.minusMillis(1));
    assertThat(sessions.reserve()).as("unused for less than the idle time").isFalse();

    advance(Duration.ofMillis(1));
    assertThat(sessions.use("s", 1)).as("expired").isFalse();
    assertThat(calls.claim(key).signal().aborted())
        .as("its calls are aborted").isTrue();
    assertThat(sessions.reserve()).as("its place is free").isTrue();
  }

  private void advance(Duration by) {
    now.addAndGet(by.toNanos());
    sessions.expire();
  }
}
