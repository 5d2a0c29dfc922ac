package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.ConfigException;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.ScopeInfo;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Scope ids, status snapshots, listener lines, and what never reaches a log. */
class ScopeRuntimeTest {

  private final EventLog log = new EventLog();
  private final ScopeRuntime runtime = new ScopeRuntime(new TestConfigs.Validator(), log, Duration.ofSeconds(10));

  @Test
  void childIdsAreMadeUniqueAndExplicitIdsAreKept() {
    Scope first = runtime.root().plugin(TestPlugin.noop("tool"), Map.of());
    Scope second = runtime.root().plugin(TestPlugin.noop("tool"), Map.of());
    Scope row = runtime.apply("web-search-yuanbao", TestPlugin.noop("dsh-web-search-yuanbao"),
        Map.of());

    assertThat(first.id()).isEqualTo("root/tool");
    assertThat(second.id()).isEqualTo("root/tool-2");
    assertThat(row.id()).isEqualTo("root/web-search-yuanbao");
    assertThat(row.pluginName()).isEqualTo("dsh-web-search-yuanbao");
    assertThat(row.parent()).containsSame(runtime.root().scope());
    assertThat(runtime.root().scope().children()).contains(row);
    assertThatThrownBy(() -> runtime.apply("web-search-yuanbao", TestPlugin.noop("x"), Map.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("scope id root/web-search-yuanbao is taken");
    assertThatThrownBy(() -> runtime.apply("a/b", TestPlugin.noop("x"), Map.of()))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theStatusSnapshotListsEveryLiveScopeWithPluginAndState() {
    runtime.apply("web", TestPlugin.noop("web"), Map.of());
    runtime.apply("needy", TestPlugin.noop("needy").requiring(ServiceKey.of("x", String.class)),
        Map.of());
    runtime.apply("bad", TestPlugin.noop("bad"), Map.of("count", "no"));

    assertThat(runtime.scopes())
        .extracting(ScopeInfo::id, ScopeInfo::pluginName, ScopeInfo::state)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("root", "root", ScopeState.ACTIVE),
            org.assertj.core.groups.Tuple.tuple("root/web", "web", ScopeState.ACTIVE),
            org.assertj.core.groups.Tuple.tuple("root/needy", "needy", ScopeState.PENDING),
            org.assertj.core.groups.Tuple.tuple("root/bad", "bad", ScopeState.FAILED));
  }

  @Test
  void lifecycleEventsDescribeThemselvesOnOneLine() {
    Scope scope = runtime.apply("web", TestPlugin.noop("web"), Map.of());
    runtime.apply("bad", TestPlugin.noop("bad"), Map.of("count", "no", "foo", 1));
    scope.dispose();

    assertThat(log.events)
        .extracting(LifecycleEvent::describe)
        .containsExactly(
            "applied root/web (web) generation 2",
            "failed root/bad (bad) generation 1: invalid config for root/bad:"
                + " /count: expected an integer; /foo: unknown property",
            "disposed root/web (web) generation 4");
  }

  @Test
  void theRootCannotBeUpdated() {
    assertThatThrownBy(() -> runtime.root().scope().update(Map.of()))
        .isInstanceOf(UnsupportedOperationException.class);
  }

  @Test
  void configValuesNeverReachLogsEventsOrErrors() {
    String canary = "sk-canary-0xC0FFEE";
    String logged;
    try (StderrCapture err = new StderrCapture()) {
      Scope bad = runtime.apply("bad", TestPlugin.noop("bad"), Map.of("count", canary));
      Scope good = runtime.apply("good", TestPlugin.noop("good"), Map.of("label", canary));
      assertThatThrownBy(() -> good.update(Map.of("count", canary)))
          .isInstanceOf(ConfigException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain(canary));
      good.update(Map.of("label", canary + "-2"));
      assertThat(bad.error().orElseThrow().getMessage()).doesNotContain(canary);
      runtime.close();
      logged = err.text();
    }

    assertThat(logged).doesNotContain(canary);
    assertThat(log.events).extracting(LifecycleEvent::describe)
        .allSatisfy(line -> assertThat(line).doesNotContain(canary));
    assertThat(runtime.scopes()).extracting(Object::toString)
        .allSatisfy(line -> assertThat(line).doesNotContain(canary));
  }
}
