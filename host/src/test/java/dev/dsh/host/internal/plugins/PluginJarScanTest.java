package dev.dsh.host.internal.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PluginJarScanTest {

  @TempDir Path home;

  @Test
  void scanReadsGoodJarsAndReportsCorruptAndDuplicateOnesWithoutLoadingClasses() throws IOException {
    Path plugins = Files.createDirectories(home.resolve("plugins"));
    Files.write(plugins.resolve("a-broken.jar"), new byte[] {'P', 'K', 3, 4, 0, 0});
    TestPluginJars.plugin(home, "dsh-x", "x")
        .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: x, name: dsh-x}]\n")
        .buildTo(plugins.resolve("b-x.jar"));
    TestPluginJars.plugin(home, "dsh-x", "again").buildTo(plugins.resolve("c-x-again.jar"));

    PluginJar.Scan jars = PluginJar.Scan.of(new DshHome(home));

    assertAll(
        () -> assertThat(jars.jars()).extracting(PluginJar::id).containsExactly("dsh-x"),
        () -> assertThat(jars.jar("dsh-x").orElseThrow().file()).isEqualTo(plugins.resolve("b-x.jar")),
        () -> assertThat(jars.failures())
            .extracting(Throwable::getMessage)
            .satisfiesExactly(m -> assertThat(m).contains("not a valid jar ("),
                m -> assertThat(m).contains("is also in")),
        () -> assertThat(jars.failures().get(1))
            .hasMessage(
                plugins.resolve("c-x-again.jar")
                    + ": plugin \"dsh-x\" is also in "
                    + plugins.resolve("b-x.jar")
                    + "; remove one of them"));
  }

  @Test
  void scannedJarsComposeAndDumpWithTheirSchema() throws IOException {
    Path plugins = Files.createDirectories(home.resolve("plugins"));
    TestPluginJars.plugin(home, "dsh-y", "y")
        .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: y, name: dsh-y}]\n")
        .resource(
            "META-INF/dsh/config.schema.json",
            "{\"type\":\"object\",\"properties\":{\"pin\":{\"type\":\"string\",\"x-secret\":true}}}")
        .buildTo(plugins.resolve("y.jar"));
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-y]\n");
    Files.writeString(profile.resolve("cordis.patch.yml"), "- {id: y, config: {pin: canary-pin-42}}\n");
    PluginJar.Scan jars = PluginJar.Scan.of(new DshHome(home));

    String dump = new ProfileComposer(new DshHome(home), jars.bundles()).compose("default", Optional.empty(), List.of())
        .dump(id -> jars.jar(id).flatMap(jar -> jar.configSchema()));

    assertThat(dump).contains("pin: <redacted>").doesNotContain("canary-pin-42");
  }

  @Test
  void scanRefusesAJarRequiringANewerHost() throws IOException {
    Path jar =
        TestPluginJars.plugin(home, "dsh-new", "n")
            .manifest("Plugin-Requires", ">=2.0.0")
            .buildTo(Files.createDirectories(home.resolve("plugins")).resolve("new.jar"));

    PluginJar.Scan jars = PluginJar.Scan.of(new DshHome(home));

    assertThat(jars.jars()).isEmpty();
    assertThat(jars.failures()).singleElement().satisfies(failure -> assertThat(failure)
        .hasMessageContaining(jar + ": plugin \"dsh-new\" requires host version >=2.0.0"));
  }

  @Test
  void missingFolderHasNoJars() {
    PluginJar.Scan jars = PluginJar.Scan.of(new DshHome(home.resolve("absent")));

    assertThat(jars.jars()).isEmpty();
    assertThat(jars.failures()).isEmpty();
  }
}
