package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Acceptance 3 and 4: required services, reactive loading and unloading, one provider per key. */
class ServiceDependencyTest {

  /** A service that hands each caller a view registering into the caller's scope. */
  interface Registry {
    Disposable register(String name);
  }

  private static final ServiceKey<Registry> REGISTRY = ServiceKey.of("registry", Registry.class);

  private final EventLog log = new EventLog();
  private final ScopeRuntime runtime = new ScopeRuntime(new TestConfigs.Validator(), log, Duration.ofSeconds(10));
  private final List<String> registered = new CopyOnWriteArrayList<>();

  /** The providing plugin: a release action, the service, another release action. */
  private TestPlugin provider(String name) {
    return TestPlugin.of(
        name,
        (ctx, cfg) -> {
          ctx.effect(() -> log.mark(name + " own effect A released"));
          ctx.provide(REGISTRY, new BoundRegistry());
          ctx.effect(() -> log.mark(name + " own effect B released"));
        });
  }

  /** Registrations through it become effects of the calling scope. */
  private final class BoundRegistry implements Registry, ContextAware<Registry> {
    @Override
    public Disposable register(String name) {
      registered.add(name);
      return () -> registered.remove(name);
    }

    @Override
    public Registry bindTo(Context caller) {
      return name -> caller.effect(register(caller.scope().id() + ":" + name));
    }
  }

  private final TestPlugin consumer =
      TestPlugin.of(
              "consumer",
              (ctx, cfg) -> {
                ctx.inject(REGISTRY).register("entry");
                ctx.effect(() -> log.mark("consumer effect released"));
              })
          .requiring(REGISTRY);

  @Test
  void aScopeWaitsForItsServiceLoadsUnloadsBeforeItsProviderAndLoadsAgain() {
    Scope dependent = runtime.root().plugin(consumer, Map.of());
    assertThat(dependent.state()).isEqualTo(ScopeState.PENDING);
    assertThat(consumer.applies).hasValue(0);

    Scope first = runtime.root().plugin(provider("first"), Map.of());

    assertThat(dependent.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(registered).containsExactly("root/consumer:entry");
    assertThat(((ScopeNode) dependent).liveEffectCount()).isEqualTo(2);

    first.dispose();

    assertThat(dependent.state()).isEqualTo(ScopeState.PENDING);
    assertThat(registered).isEmpty();
    assertThat(((ScopeNode) dependent).liveEffectCount()).isZero();
    assertThat(log.journal)
        .containsSubsequence(
            "consumer effect released", "unloaded root/consumer",
            "first own effect B released", "first own effect A released",
            "disposed root/first");

    runtime.root().plugin(provider("second"), Map.of());

    assertThat(dependent.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(consumer.applies).hasValue(2);
    assertThat(registered).containsExactly("root/consumer:entry");
    assertThat(log.kindsOf("root/consumer")).containsExactly("APPLIED", "UNLOADED", "APPLIED");
  }

  @Test
  void withdrawingAServiceEarlyUnloadsItsDependentsFirst() {
    Scope dependent = runtime.root().plugin(consumer, Map.of());
    Disposable handle = runtime.root().provide(REGISTRY, new BoundRegistry());
    assertThat(dependent.state()).isEqualTo(ScopeState.ACTIVE);

    handle.dispose();

    assertThat(dependent.state()).isEqualTo(ScopeState.PENDING);
    assertThat(registered).isEmpty();
    assertThat(runtime.root().get(REGISTRY)).isEmpty();
  }

  @Test
  void getIsEmptyAndInjectThrowsWithoutAProvider() {
    Context root = runtime.root();

    assertThat(root.get(REGISTRY)).isEmpty();
    assertThatThrownBy(() -> root.inject(REGISTRY))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("\"registry\" is not provided");
  }

  @Test
  void aSecondProviderForTheSameKeyThrowsNamingBothScopes() {
    runtime.apply("one", provider("p1"), Map.of());
    TestPlugin second =
        TestPlugin.of("p2", (ctx, cfg) -> ctx.provide(REGISTRY, new BoundRegistry()));

    Scope failed = runtime.apply("two", second, Map.of());

    assertThat(failed.state()).isEqualTo(ScopeState.FAILED);
    assertThat(failed.error()).get().isInstanceOf(IllegalStateException.class);
    assertThat(failed.error().orElseThrow().getMessage())
        .contains("root/one")
        .contains("root/two")
        .contains("\"registry\" is already provided");
    assertThatThrownBy(() -> runtime.root().provide(REGISTRY, new BoundRegistry()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage(
            "service \"registry\" is already provided by scope root/one;"
                + " scope root cannot provide it too");
  }
}
