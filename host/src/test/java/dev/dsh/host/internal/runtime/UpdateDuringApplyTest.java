package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.model.LifecycleListener;
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

/** Acceptance 6: an update that lands while apply runs is applied once apply ends. */
@Timeout(30)
class UpdateDuringApplyTest {

  private final ScopeRuntime runtime = new ScopeRuntime(
      new TestConfigs.Validator(), LifecycleListener.none(), Duration.ofSeconds(10));
  private final CountDownLatch entered = new CountDownLatch(1);
  private final CountDownLatch release = new CountDownLatch(1);
  private final AtomicReference<Scope> scope = new AtomicReference<>();

  /** Blocks its first apply until {@link #release} opens. */
  private TestPlugin held(boolean withHandler, List<Integer> accepted) {
    return TestPlugin.of(
        "held",
        (ctx, cfg) -> {
          scope.set(ctx.scope());
          if (withHandler) {
            ctx.accept(next -> accepted.add(TestConfigs.count(next)));
          }
          if (entered.getCount() > 0) {
            entered.countDown();
            assertThat(release.await(20, TimeUnit.SECONDS)).isTrue();
          }
        });
  }

  @Test
  void anUpdateDuringApplyRestartsTheScopeWithTheNewConfigOnceApplyEnds() throws Exception {
    TestPlugin plugin = held(false, List.of());
    CompletableFuture<Scope> applying =
        CompletableFuture.supplyAsync(() -> runtime.root().plugin(plugin, Map.of("count", 1)));
    assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();

    // asked while apply runs: it waits for the runtime thread, which finishes apply first
    CompletableFuture<Void> updating =
        CompletableFuture.runAsync(() -> scope.get().update(Map.of("count", 2)));

    assertThat(scope.get().state()).isEqualTo(ScopeState.LOADING);
    assertThat(updating).isNotDone();
    assertThat(plugin.applies).hasValue(1);
    release.countDown();
    applying.get(20, TimeUnit.SECONDS);
    updating.get(20, TimeUnit.SECONDS);
    assertThat(scope.get().state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(plugin.configs).extracting(TestConfigs::count).containsExactly(1, 2);
  }

  @Test
  void anUpdateDuringApplyIsOfferedToTheHandlerOnceApplyEnds() throws Exception {
    List<Integer> accepted = new CopyOnWriteArrayList<>();
    TestPlugin plugin = held(true, accepted);
    CompletableFuture<Scope> applying =
        CompletableFuture.supplyAsync(() -> runtime.root().plugin(plugin, Map.of("count", 1)));
    assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Void> updating =
        CompletableFuture.runAsync(
            () -> {
              scope.get().update(Map.of("count", 2));
              scope.get().update(Map.of("count", 3));
            });
    assertThat(updating).isNotDone();
    release.countDown();
    applying.get(20, TimeUnit.SECONDS);
    updating.get(20, TimeUnit.SECONDS);

    assertThat(accepted).as("each update in the order asked, none lost").containsExactly(2, 3);
    assertThat(plugin.applies).hasValue(1);
    assertThat(scope.get().state()).isEqualTo(ScopeState.ACTIVE);
  }

  @Test
  void aDisposeDuringApplyWaitsForApplyThenReleasesWhatItRegistered() throws Exception {
    List<String> released = new CopyOnWriteArrayList<>();
    TestPlugin plugin =
        TestPlugin.of(
            "held",
            (ctx, cfg) -> {
              scope.set(ctx.scope());
              ctx.effect(() -> released.add("released"));
              entered.countDown();
              assertThat(release.await(20, TimeUnit.SECONDS)).isTrue();
            });
    CompletableFuture.runAsync(() -> runtime.root().plugin(plugin, Map.of()));
    assertThat(entered.await(20, TimeUnit.SECONDS)).isTrue();

    CompletableFuture<Void> disposing = CompletableFuture.runAsync(() -> scope.get().dispose());
    assertThat(released).isEmpty();
    release.countDown();
    disposing.get(20, TimeUnit.SECONDS);

    assertThat(scope.get().state()).isEqualTo(ScopeState.DISPOSED);
    assertThat(released).containsExactly("released");
  }
}
