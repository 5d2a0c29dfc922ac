package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.model.ScopeInfo;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Acceptance 1: disposal order, isolated releases, idempotent dispose. */
class ScopeDisposalTest {

  private final EventLog log = new EventLog();
  private final ScopeRuntime runtime = new ScopeRuntime(new TestConfigs.Validator(), log, Duration.ofSeconds(10));

  @Test
  void disposingAScopeDisposesItsChildrenFirstThenReleasesItsOwnEffectsInReverseOrder() {
    List<String> released = new CopyOnWriteArrayList<>();
    TestPlugin child =
        TestPlugin.of(
            "child",
            (ctx, cfg) -> {
              String who = ctx.scope().id();
              ctx.effect(() -> released.add(who + " effect"));
            });
    TestPlugin parent =
        TestPlugin.of(
            "parent",
            (ctx, cfg) -> {
              ctx.effect(() -> released.add("parent first"));
              ctx.plugin(child, Map.of());
              ctx.effect(() -> released.add("parent second"));
              ctx.plugin(child, Map.of());
              ctx.effect(() -> released.add("parent third"));
            });
    Scope scope = runtime.root().plugin(parent, Map.of());
    assertThat(scope.children()).extracting(Scope::id)
        .containsExactly("root/parent/child", "root/parent/child-2");

    scope.dispose();

    assertThat(released)
        .containsExactly(
            "root/parent/child-2 effect",
            "root/parent/child effect",
            "parent third",
            "parent second",
            "parent first");
    assertThat(scope.state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(scope.children()).isEmpty();
    assertThat(log.journal)
        .containsSubsequence(
            "disposed root/parent/child-2", "disposed root/parent/child", "disposed root/parent");
    assertThat(runtime.scopes()).extracting(ScopeInfo::id).containsExactly("root");
  }

  @Test
  void aReleaseThatThrowsIsLoggedAndTheOthersStillRun() {
    List<String> released = new CopyOnWriteArrayList<>();
    TestPlugin plugin =
        TestPlugin.of(
            "leaky",
            (ctx, cfg) -> {
              ctx.effect(() -> released.add("first"));
              ctx.effect(
                  () -> {
                    throw new IllegalStateException("release exploded");
                  });
              ctx.effect(() -> released.add("third"));
            });
    Scope scope = runtime.root().plugin(plugin, Map.of());

    String logged;
    try (StderrCapture err = new StderrCapture()) {
      scope.dispose();
      logged = err.text();
    }

    assertThat(released).containsExactly("third", "first");
    assertThat(scope.state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(((ScopeNode) scope).liveEffectCount()).isZero();
    assertThat(logged)
        .contains("releasing release action of scope root/leaky (leaky) failed")
        .contains("release exploded");
  }

  @Test
  void disposingTwiceIsANoOp() {
    List<String> released = new CopyOnWriteArrayList<>();
    Scope scope =
        runtime.root().plugin(
            TestPlugin.of("once", (ctx, cfg) -> ctx.effect(() -> released.add("released"))),
            Map.of());
    scope.dispose();
    long generation = scope.generation();

    scope.dispose();

    assertThat(released).containsExactly("released");
    assertThat(scope.generation()).isEqualTo(generation);
    assertThat(log.kindsOf("root/once")).containsExactly("APPLIED", "DISPOSED");
  }

  @Test
  void anEarlyReleaseHandleRunsTheActionOnceAndTheScopeNoLongerOwnsIt() {
    List<String> released = new CopyOnWriteArrayList<>();
    TestPlugin plugin =
        TestPlugin.of("early", (ctx, cfg) -> ctx.effect(() -> released.add("released")));
    Scope scope = runtime.root().plugin(plugin, Map.of());
    assertThat(((ScopeNode) scope).liveEffectCount()).isEqualTo(1);

    var handle = plugin.lastContext().effect(() -> released.add("handle"));
    handle.dispose();
    handle.dispose();
    scope.dispose();

    assertThat(released).containsExactly("handle", "released");
  }

  /**
   * Each release waits for the other to start: on one runtime thread the first blocks it, so the
   * deadline cuts that release off, the runtime goes on on a fresh thread, and both scopes end.
   */
  @Test
  @Timeout(30)
  void twoScopesWhoseReleasesDisposeEachOtherOnTwoThreadsBothEnd() throws Exception {
    ScopeRuntime runtime =
        new ScopeRuntime(new TestConfigs.Validator(), log, java.time.Duration.ofMillis(500));
    CountDownLatch xReleasing = new CountDownLatch(1);
    CountDownLatch yReleasing = new CountDownLatch(1);
    AtomicReference<Scope> x = new AtomicReference<>();
    AtomicReference<Scope> y = new AtomicReference<>();
    x.set(runtime.apply("x", TestPlugin.of("px", (ctx, cfg) -> ctx.effect(() -> {
      xReleasing.countDown();
      await(yReleasing);
      y.get().dispose();
    })), Map.of()));
    y.set(runtime.apply("y", TestPlugin.of("py", (ctx, cfg) -> ctx.effect(() -> {
      yReleasing.countDown();
      await(xReleasing);
      x.get().dispose();
    })), Map.of()));

    CompletableFuture<Void> disposingX = CompletableFuture.runAsync(() -> x.get().dispose());
    CompletableFuture<Void> disposingY = CompletableFuture.runAsync(() -> y.get().dispose());
    CompletableFuture.allOf(disposingX, disposingY).get(20, TimeUnit.SECONDS);
    x.get().dispose();
    y.get().dispose();

    assertThat(x.get().state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(y.get().state()).isEqualTo(ScopeState.DISPOSED);
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(20, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void closingTheRuntimeDisposesEveryScopeAndTheRoot() {
    List<String> released = new CopyOnWriteArrayList<>();
    runtime.root().effect(() -> released.add("root effect"));
    runtime.apply("a", TestPlugin.of("pa", (ctx, cfg) -> ctx.effect(() -> released.add("a"))),
        Map.of());
    runtime.apply("b", TestPlugin.of("pb", (ctx, cfg) -> ctx.effect(() -> released.add("b"))),
        Map.of());

    runtime.close();
    runtime.close();

    assertThat(released).containsExactly("b", "a", "root effect");
    assertThat(runtime.root().scope().state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(runtime.root().isActive()).isFalse();
  }
}
