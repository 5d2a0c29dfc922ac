package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Disposable;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A plugin's {@code apply}, update handler and release action each get a deadline; past it the
 * scope fails (or the release counts as failed) and the tree goes on.
 */
class PluginDeadlineTest {

  private static final Duration DEADLINE = Duration.ofMillis(300);

  private final EventLog log = new EventLog();
  private final ScopeRuntime runtime =
      new ScopeRuntime(new TestConfigs.Validator(), log, DEADLINE);
  /** Released by the test's end: every stuck plugin call waits on it, so no thread outlives it. */
  private final CountDownLatch stuck = new CountDownLatch(1);

  @AfterEach
  void release() {
    stuck.countDown();
    runtime.close();
  }

  @Test
  void applyPastTheDeadlineFailsItsScopeNamesTheThreadAndTheNextRowStillApplies() {
    List<String> lateRegistrations = new CopyOnWriteArrayList<>();
    CountDownLatch lateDone = new CountDownLatch(1);
    Scope sleepy =
        runtime.apply(
            "sleepy",
            TestPlugin.of(
                "sleepy",
                (ctx, config) -> {
                  awaitStuck();
                  try {
                    ctx.effect(Disposable.noop());
                    lateRegistrations.add("registered");
                  } catch (IllegalStateException refused) {
                    lateRegistrations.add(refused.getMessage());
                  } finally {
                    lateDone.countDown();
                  }
                }),
            Map.of());
    Scope next = runtime.apply("next", TestPlugin.noop("next"), Map.of());

    assertThat(sleepy.state()).isEqualTo(ScopeState.FAILED);
    assertThat(sleepy.error().orElseThrow())
        .isInstanceOf(RuntimeThread.PluginCallTimeoutException.class)
        .hasMessageStartingWith("apply did not return within 300 ms; thread \"dsh-plugin root/sleepy apply\"")
        .hasMessageEndingWith("is left in it");
    assertThat(next.state()).isEqualTo(ScopeState.ACTIVE);

    // the abandoned call returns at last: what it registers then is refused, nothing is kept
    stuck.countDown();
    await(lateDone);
    assertThat(lateRegistrations).singleElement().asString().startsWith("context is inactive");
    assertThat(((ScopeNode) sleepy).liveEffectCount()).isZero();
  }

  @Test
  void anUpdateHandlerPastTheDeadlineFailsTheScopeAndItsEffectsAreReleased() {
    List<String> released = new CopyOnWriteArrayList<>();
    Scope scope =
        runtime.apply(
            "slow-update",
            TestPlugin.of(
                "slow-update",
                (ctx, config) -> {
                  ctx.effect(() -> released.add("effect"));
                  ctx.accept(
                      next -> {
                        awaitStuck();
                        return true;
                      });
                }),
            Map.of());

    scope.update(Map.of("count", 20));

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    assertThat(scope.error().orElseThrow())
        .hasMessageStartingWith("update handler did not return within 300 ms");
    assertThat(released).containsExactly("effect");
  }

  @Test
  void aReleasePastTheDeadlineCountsAsFailedAndTheOthersStillRunAndTheScopeEnds() {
    List<String> released = new CopyOnWriteArrayList<>();
    ServiceKey<String> key = ServiceKey.of("svc", String.class);
    Scope scope =
        runtime.apply(
            "slow-release",
            TestPlugin.of(
                "slow-release",
                (ctx, config) -> {
                  ctx.effect(() -> released.add("first"));
                  ctx.effect(this::awaitStuck);
                  ctx.provide(key, "service");
                }),
            Map.of());

    scope.dispose();

    assertThat(scope.state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(released).containsExactly("first");
    assertThat(runtime.root().get(key)).isEmpty();
    assertThat(log.kindsOf("root/slow-release")).containsExactly("APPLIED", "DISPOSED");
  }

  private void awaitStuck() {
    try {
      stuck.await(60, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).as("abandoned call returned").isTrue();
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    }
  }
}
