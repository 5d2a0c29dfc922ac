package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.model.LifecycleListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

/** Acceptance 2: the inactive guard. */
class InactiveContextTest {

  private static final ServiceKey<String> GREETING = ServiceKey.of("greeting", String.class);

  private final ScopeRuntime runtime = new ScopeRuntime(
      new TestConfigs.Validator(), LifecycleListener.none(), Duration.ofSeconds(10));

  /** Every kind of registration a context offers. */
  private static List<ThrowingCallable> registrations(Context ctx) {
    List<ThrowingCallable> all = new ArrayList<>();
    all.add(() -> ctx.provide(GREETING, "hello"));
    all.add(() -> ctx.effect(Disposable.noop()));
    all.add(() -> ctx.accept(next -> true));
    all.add(() -> ctx.plugin(TestPlugin.noop("late"), Map.of()));
    return all;
  }

  private static void assertAllRefused(Context ctx) {
    assertThat(ctx.isActive()).isFalse();
    for (ThrowingCallable registration : registrations(ctx)) {
      assertThatThrownBy(registration)
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("context is inactive");
    }
  }

  @Test
  void everyRegistrationOnADisposedContextThrows() {
    TestPlugin plugin = TestPlugin.noop("p");
    Scope scope = runtime.root().plugin(plugin, Map.of());
    Context ctx = plugin.lastContext();
    assertThat(ctx.isActive()).isTrue();

    scope.dispose();

    assertAllRefused(ctx);
    assertThat(((ScopeNode) scope).liveEffectCount()).isZero();
    assertThat(runtime.root().get(GREETING)).isEmpty();
  }

  @Test
  void everyRegistrationWhileTheScopeIsUnloadingThrows() {
    List<Throwable> refused = new CopyOnWriteArrayList<>();
    List<ScopeState> statesSeen = new CopyOnWriteArrayList<>();
    Consumer<Context> tryAll =
        ctx -> {
          statesSeen.add(ctx.scope().state());
          for (ThrowingCallable registration : registrations(ctx)) {
            try {
              registration.call();
            } catch (Throwable t) {
              refused.add(t);
            }
          }
        };
    TestPlugin plugin = TestPlugin.of("p", (ctx, cfg) -> ctx.effect(() -> tryAll.accept(ctx)));
    Scope scope = runtime.root().plugin(plugin, Map.of());

    scope.dispose();

    assertThat(statesSeen).containsExactly(ScopeState.UNLOADING);
    assertThat(refused).hasSize(4).allSatisfy(t -> assertThat(t)
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("context is inactive"));
    assertThat(runtime.root().get(GREETING)).isEmpty();
    assertThat(scope.children()).isEmpty();
  }

  @Test
  void everyRegistrationOnTheContextOfAFailedScopeThrows() {
    TestPlugin plugin =
        TestPlugin.of(
            "broken",
            (ctx, cfg) -> {
              ctx.provide(GREETING, "hello");
              throw new IllegalArgumentException("apply broke");
            });
    Scope scope = runtime.root().plugin(plugin, Map.of());

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    assertThat(scope.error()).get().extracting(Throwable::getMessage).isEqualTo("apply broke");
    assertThat(runtime.root().get(GREETING)).as("what apply registered is released").isEmpty();
    assertAllRefused(plugin.lastContext());
  }

  @Test
  void theContextOfARestartedInstanceStaysInactive() {
    TestPlugin plugin = TestPlugin.noop("p");
    Scope scope = runtime.root().plugin(plugin, Map.of());
    Context first = plugin.lastContext();

    scope.update(Map.of("count", 2));

    assertThat(plugin.applies).hasValue(2);
    assertThat(plugin.lastContext().isActive()).isTrue();
    assertAllRefused(first);
  }

  @Test
  void updatingADisposedScopeThrows() {
    Scope scope = runtime.root().plugin(TestPlugin.noop("p"), Map.of());
    scope.dispose();

    assertThatThrownBy(() -> scope.update(Map.of("count", 2)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("context is inactive");
  }
}
