package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.RealPluginJar;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the distribution's real {@code bin/dsh}: {@code $HOME} names the user's home; the build
 * the repository's {@code ./dsh} starts keeps Maven's own environment ({@link
 * UnwritableHomeCliTest}: a home that cannot be written).
 */
class HomeLauncherIT {

  @TempDir Path work;

  @Test
  void homeIsHonouredAndNothingLandsInThePasswordDatabasesHome() throws Exception {
    Path userHome = Files.createDirectories(work.resolve("x"));
    // Stands in for the password database's home, which the JVM's user.home comes from.
    Path passwdHome = Files.createDirectories(work.resolve("passwd-home"));
    Map<String, String> env =
        Map.of("HOME", userHome.toString(), "DSH_JAVA_OPTS", "-Duser.home=" + passwdHome);
    RealLauncher launcher = RealLauncher.in(work);

    RealLauncher.Result added = launcher.run(env, "plugin", "add", RealPluginJar.path().toString());
    RealLauncher.Result demo = launcher.run(env, "--profile", "demo", "search", "--json", "DeepSeek");

    assertThat(added.exit()).as(added.err()).isZero();
    assertThat(demo.exit()).as(demo.err()).isZero();
    assertThat(demo.out()).contains("\"provider\":\"yuanbao\"");
    assertThat(userHome.resolve(".dsh/plugins/" + RealPluginJar.PLUGIN_ID + ".jar")).isRegularFile();
    assertThat(userHome.resolve(".dsh/profiles/default/profile.yml")).isRegularFile();
    assertThat(userHome.resolve(".dsh/profiles/demo/profile.yml")).isRegularFile();
    try (Stream<Path> left = Files.list(passwdHome)) {
      assertThat(left).isEmpty();
    }
  }

  @Test
  void theBuildTheLauncherStartsGetsMavensOwnHomeAndRepository() throws Exception {
    Path userHome = Files.createDirectories(work.resolve("x"));
    Path bin = Files.createDirectories(work.resolve("bin"));
    Path seen = work.resolve("mvn-saw.txt");
    Path mvn = bin.resolve("mvn");
    Files.writeString(mvn, "#!/bin/sh\nprintf 'HOME=%s\\nARGS=%s\\nMAVEN_OPTS=%s\\n' \"$HOME\" \"$*\""
        + " \"${MAVEN_OPTS-}\" > '" + seen + "'\nexit 1\n");
    Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
    RealLauncher launcher = RealLauncher.inOwnCopy(work);
    launcher.sourcesChanged();

    RealLauncher.Result result = launcher.run(
        Map.of("HOME", userHome.toString(), "PATH", bin + ":" + System.getenv("PATH")), "--version");

    // Maven's repository is under its JVM's user.home (the password database's home on Java
    // 17), which the launcher leaves alone: no -Duser.home, no other repository.
    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err()).contains("dsh: the build failed");
    String saw = Files.readString(seen, StandardCharsets.UTF_8);
    assertThat(saw).startsWith("HOME=" + userHome + "\n")
        .doesNotContain("user.home").doesNotContain("maven.repo.local")
        .contains("MAVEN_OPTS=" + System.getenv().getOrDefault("MAVEN_OPTS", "") + "\n");
  }
}
