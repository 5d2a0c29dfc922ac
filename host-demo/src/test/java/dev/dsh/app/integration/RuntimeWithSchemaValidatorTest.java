package dev.dsh.app.integration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.config.SearchConfig;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.model.LifecycleListener;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The scope runtime with the real schema validator: what a plugin row goes through in the host. */
class RuntimeWithSchemaValidatorTest {

  private final ScopeRuntime runtime = new ScopeRuntime(
      new SchemaConfigValidator(), LifecycleListener.none(), Duration.ofSeconds(10));
  private final AtomicInteger applies = new AtomicInteger();
  private final List<SearchConfig> seen = new CopyOnWriteArrayList<>();

  /** Binds its config and takes updates in place. */
  private final Plugin plugin =
      new Plugin() {
        @Override
        public String name() {
          return "search";
        }

        @Override
        public Optional<Class<?>> configType() {
          return Optional.of(SearchConfig.class);
        }

        @Override
        public void apply(Context ctx, Config config) {
          applies.incrementAndGet();
          seen.add(config.bind(SearchConfig.class));
          ctx.accept(
              next -> {
                seen.add(next.bind(SearchConfig.class));
                return true;
              });
        }
      };

  @AfterEach
  void close() {
    runtime.close();
  }

  @Test
  void anInvalidRowFailsItsScopeWithEveryViolationAndApplyNeverRuns() {
    Scope scope =
        runtime.apply(
            "search", plugin, Map.of("count", 15, "baseURL", "not a uri", "foo", true));

    assertThat(scope.state()).isEqualTo(ScopeState.FAILED);
    assertThat(applies).hasValue(0);
    ConfigException error = (ConfigException) scope.error().orElseThrow();
    assertThat(error.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactlyInAnyOrder("/count", "/baseURL", "/foo");
    assertThat(error.getMessage()).contains("/count: must be one of 10, 20, 30, 40, 50 (got 15)");
  }

  @Test
  void defaultsAreFilledBeforeApplyAndAValidUpdateIsTakenInPlace() {
    Scope scope = runtime.apply("search", plugin, Map.of("apiKey", "k"));
    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(seen.get(0).count()).isEqualTo(10);
    assertThat(seen.get(0).baseURL()).isEqualTo("https://api.wsa.cloud.tencent.com");

    scope.update(Map.of("apiKey", "k", "count", 20));

    assertThat(applies).hasValue(1);
    assertThat(seen).last().extracting(SearchConfig::count).isEqualTo(20);
    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
  }

  @Test
  void anInvalidUpdateThrowsAndTheOldInstanceKeepsServing() {
    Scope scope = runtime.apply("search", plugin, Map.of("count", 30));
    long generation = scope.generation();

    assertThatThrownBy(() -> scope.update(Map.of("count", "many")))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("/count");

    assertThat(scope.state()).isEqualTo(ScopeState.ACTIVE);
    assertThat(scope.generation()).isEqualTo(generation);
    assertThat(seen).hasSize(1);
  }
}
