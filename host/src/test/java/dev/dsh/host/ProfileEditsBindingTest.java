package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.ScopeState;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.plugins.TestPluginJars;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileEdits#saveRowConfig(HostOptions, String, Map, Optional)} with the running host: a
 * config the schema lets through but the plugin's config type cannot hold (a number past an
 * {@code int}) is refused before anything is written, as the row's apply would fail with it.
 */
class ProfileEditsBindingTest {

  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"limit\":{\"type\":\"integer\"}}}";

  @TempDir Path work;
  private Path home;
  private Path userLayer;

  @BeforeEach
  void setUp() throws IOException {
    home = work.resolve("home");
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    TestPluginJars.plugin(work, "dsh-limit", "limit")
        .source("test.dshlimit.Entry", "package test.dshlimit;\n"
            + "@org.pf4j.Extension\n"
            + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
            + "  public record Limits(int limit) {}\n"
            + "  public String name() { return \"limit\"; }\n"
            + "  public java.util.Optional<Class<?>> configType() {\n"
            + "    return java.util.Optional.of(Limits.class);\n"
            + "  }\n"
            + "  public void apply(dev.dsh.api.Context ctx, dev.dsh.api.Config config) {\n"
            + "    config.bind(Limits.class);\n"
            + "  }\n"
            + "}\n")
        .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: limits, name: dsh-limit}]\n")
        .resource("META-INF/dsh/config.schema.json", SCHEMA)
        .buildTo(Files.createDirectories(home.resolve("plugins")).resolve("limit.jar"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-limit]\n");
    userLayer = profile.resolve("cordis.patch.yml");
    Files.writeString(userLayer, "# mine\n- {id: limits, config: {limit: 3}}\n");
  }

  @Test
  void aNumberPastTheIntFieldIsRefusedByTheRunningHostAndNothingIsWritten() throws IOException {
    HostOptions options = new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of()), line -> {});
    try (Host host = Host.serveWithoutWatching(options, LifecycleListener.none())) {
      assertThat(host.scopes()).anyMatch(
          scope -> scope.id().equals("root/limits") && scope.state() == ScopeState.ACTIVE);
      String before = Files.readString(userLayer);

      ConfigException refused = catchThrowableOfType(ConfigException.class, () ->
          ProfileEdits.saveRowConfig(options, "limits", Map.of("limit", 99_999_999_999L),
              Optional.of(host)));

      assertThat(refused.violations()).containsExactly(new ConfigViolation("/limit",
          "expected an integer from -2147483648 to 2147483647"));
      assertThat(Files.readString(userLayer)).isEqualTo(before);
      assertThat(userLayer.resolveSibling("console.patch.yml")).doesNotExist();
      ProfileEdits.saveRowConfig(options, "limits", Map.of("limit", 7), Optional.of(host));
      assertThat(Files.readString(userLayer)).isEqualTo(before);
      assertThat(Files.readString(userLayer.resolveSibling("console.patch.yml")))
          .endsWith("- id: limits\n  config:\n    limit: 7\n");
    }
  }
}
