package dev.dsh.host.internal.env;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.ConfigException;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.internal.env.EnvPlugin.EnvConfig;
import dev.dsh.host.fakes.MapConfig;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EnvPluginTest {

  @Test
  void itProvidesTheEnvironmentItWasGiven() {
    FakeContext scope = new FakeContext();

    new EnvPlugin(LaunchEnvironment.of(Map.of("DSH_WEB_SEARCH_PROVIDER", "yuanbao")))
        .apply(scope, MapConfig.empty());

    assertThat(scope.env().get("DSH_WEB_SEARCH_PROVIDER")).contains("yuanbao");
    assertThat(scope.env().get("UNSET_VARIABLE")).isEmpty();
  }

  @Test
  void byDefaultItProvidesTheProcessEnvironment() {
    FakeContext scope = new FakeContext();

    new EnvPlugin(LaunchEnvironment.system()).apply(scope, MapConfig.empty());

    String path = System.getenv("PATH");
    assertThat(scope.inject(LaunchEnvironment.KEY).get("PATH")).isEqualTo(Optional.ofNullable(path));
  }

  @Test
  void itIsNamedEnvAndTakesNoConfig() {
    EnvPlugin plugin = new EnvPlugin(LaunchEnvironment.system());

    assertThat(plugin.name()).isEqualTo("env");
    assertThat(plugin.configType()).contains(EnvConfig.class);
    assertThat(plugin.inject()).isEmpty();
    assertThat(new SchemaConfigValidator().validate("env", EnvConfig.class, Map.of()).raw())
        .isEmpty();
    assertThatThrownBy(
            () -> new SchemaConfigValidator().validate("env", EnvConfig.class, Map.of("depth", 99)))
        .isInstanceOf(ConfigException.class)
        .hasMessage("invalid config for env:\n  /depth: unknown key \"depth\" (no keys are allowed here)");
  }

  @Test
  void theEnvironmentIsWithdrawnWhenTheScopeEnds() {
    FakeContext scope = new FakeContext();
    new EnvPlugin(LaunchEnvironment.of(Map.of())).apply(scope, MapConfig.empty());

    scope.dispose();

    assertThat(scope.get(LaunchEnvironment.KEY)).isEmpty();
  }
}
