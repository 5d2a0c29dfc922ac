package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Acceptance 5: config validated before apply and before every update; accept or restart. */
class ConfigLifecycleTest {

  private static final ServiceKey<String> COUNTED = ServiceKey.of("counted", String.class);

  private final EventLog log = new EventLog();
  private final TestConfigs.Validator validator = new TestConfigs.Validator();
  private final ScopeRuntime runtime = new ScopeRuntime(validator, log, Duration.ofSeconds(10));
  private final List<String> released = new CopyOnWriteArrayList<>();

  /** Provides its count as a service and records its release. */
  private final TestPlugin counting =
      TestPlugin.of(
          "counting",
          (ctx, cfg) -> {
            int count = TestConfigs.count(cfg);
            ctx.provide(COUNTED, "count=" + count);
            ctx.effect(() -> released.add("count=" + count));
          });

  @Test
  void anInvalidConfigFailsTheScopeWithEveryViolationAndApplyNeverRuns() {
    Scope scope = runtime.root().plugin(counting, Map.of("count", "ten", "foo", true));

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    assertThat(counting.applies).hasValue(0);
    assertThat(runtime.root().get(COUNTED)).isEmpty();
    assertThat(((ScopeNode) scope).liveEffectCount()).isZero();
    ConfigException error = (ConfigException) scope.error().orElseThrow();
    assertThat(error.getMessage()).startsWith("invalid config for root/counting:");
    assertThat(error.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactlyInAnyOrder("/count", "/foo");
    assertThat(error.getMessage()).contains("/count: expected an integer", "/foo: unknown property");
    assertThat(log.kindsOf("root/counting")).containsExactly("FAILED");
    assertThat(runtime.scopes())
        .filteredOn(info -> info.id().equals("root/counting"))
        .singleElement()
        .satisfies(info -> assertThat(info.failure()).containsSame(error));
  }

  @Test
  void applyReceivesTheValidatedConfigWithDefaultsFilled() {
    runtime.root().plugin(counting, Map.of());

    assertThat(counting.lastConfig().raw()).containsEntry("count", 1);
    assertThat(runtime.root().get(COUNTED)).contains("count=1");
  }

  @Test
  void anInvalidUpdateThrowsAndTheOldInstanceKeepsServing() {
    Scope scope = runtime.root().plugin(counting, Map.of("count", 3));
    long generation = scope.generation();

    assertThatThrownBy(() -> scope.update(Map.of("count", "many")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("/count: expected an integer");

    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(scope.generation()).isEqualTo(generation);
    assertThat(counting.applies).hasValue(1);
    assertThat(released).isEmpty();
    assertThat(runtime.root().get(COUNTED)).contains("count=3");
  }

  @Test
  void aValidUpdateIsTakenInPlaceByTheAcceptHandler() {
    List<Integer> offered = new CopyOnWriteArrayList<>();
    TestPlugin live =
        TestPlugin.of(
            "live",
            (ctx, cfg) ->
                ctx.accept(
                    next -> {
                      offered.add(TestConfigs.count(next));
                      return true;
                    }));
    Scope scope = runtime.root().plugin(live, Map.of("count", 1));
    long generation = scope.generation();

    scope.update(Map.of("count", 5));

    assertThat(offered).containsExactly(5);
    assertThat(live.applies).hasValue(1);
    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(scope.generation()).isEqualTo(generation + 1);
    assertThat(log.kindsOf("root/live")).containsExactly("APPLIED", "UPDATED");
  }

  @Test
  void aValidUpdateWithoutAHandlerRestartsTheScopeWithTheNewConfig() {
    Scope scope = runtime.root().plugin(counting, Map.of("count", 1));

    scope.update(Map.of("count", 7));

    assertThat(counting.applies).hasValue(2);
    assertThat(released).containsExactly("count=1");
    assertThat(runtime.root().get(COUNTED)).contains("count=7");
    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(log.kindsOf("root/counting")).containsExactly("APPLIED", "UNLOADED", "APPLIED");
  }

  @Test
  void aHandlerThatDeclinesOrThrowsMakesTheScopeRestart() {
    List<Config> restartedWith = new CopyOnWriteArrayList<>();
    TestPlugin picky =
        TestPlugin.of(
            "picky",
            (ctx, cfg) -> {
              restartedWith.add(cfg);
              ctx.accept(
                  next -> {
                    if (TestConfigs.count(next) == 2) {
                      return false;
                    }
                    throw new IllegalArgumentException("handler broke");
                  });
            });
    Scope scope = runtime.root().plugin(picky, Map.of("count", 1));

    scope.update(Map.of("count", 2));
    scope.update(Map.of("count", 3));

    assertThat(restartedWith).extracting(TestConfigs::count).containsExactly(1, 2, 3);
    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
  }

  @Test
  void aValidUpdateOfAFailedScopeRetriesApply() {
    Scope scope = runtime.root().plugin(counting, Map.of("count", "x"));
    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);

    scope.update(Map.of("count", 4));

    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(scope.error()).isEmpty();
    assertThat(runtime.root().get(COUNTED)).contains("count=4");
    assertThat(log.kindsOf("root/counting")).containsExactly("FAILED", "APPLIED");
  }

  @Test
  void anUpdateOfAPendingScopeIsKeptForItsFirstLoad() {
    ServiceKey<String> missing = ServiceKey.of("missing", String.class);
    TestPlugin waiting = TestPlugin.noop("waiting").requiring(missing);
    Scope scope = runtime.root().plugin(waiting, Map.of("count", 1));

    scope.update(Map.of("count", 9));
    runtime.root().provide(missing, "here");

    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(waiting.applies).hasValue(1);
    assertThat(TestConfigs.count(waiting.lastConfig())).isEqualTo(9);
  }
}
