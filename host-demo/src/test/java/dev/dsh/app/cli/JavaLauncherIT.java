package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the distribution's real {@code bin/dsh}: without a Java 17 or newer through {@code
 * JAVA_HOME} or {@code PATH}, one line names what was found and what is needed, and no JVM starts.
 */
class JavaLauncherIT {

  @TempDir Path work;

  @Test
  void anOlderJavaInJavaHomeIsNamedWithWhatIsNeeded() throws Exception {
    Path jdk = Files.createDirectories(work.resolve("jdk-11/bin"));
    Path java = jdk.resolve("java");
    // Never runs: the launcher reads the version from the JDK's release file.
    Files.writeString(java, "#!/bin/sh\necho ran > '" + work.resolve("java-ran") + "'\n");
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(jdk.resolveSibling("release"), "JAVA_VERSION=\"11.0.2\"\n");

    RealLauncher.Result result = RealLauncher.in(work)
        .run(Map.of("JAVA_HOME", jdk.getParent().toString()), "--version");

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).isEqualTo("dsh: needs Java 17 or newer, through JAVA_HOME or PATH;"
        + " found Java 11.0.2 at " + java + "\n");
    assertThat(work.resolve("java-ran")).doesNotExist();
  }

  @Test
  void noJavaAtAllIsSaidInOneLine() throws Exception {
    Path bin = Files.createDirectories(work.resolve("bin"));
    for (String tool : new String[] {"bash", "locale", "readlink", "sed", "grep"}) {
      Files.createSymbolicLink(bin.resolve(tool), Path.of("/usr/bin", tool).toRealPath());
    }
    Map<String, String> env = new java.util.HashMap<>(Map.of("PATH", bin.toString()));
    env.put("JAVA_HOME", "");

    RealLauncher.Result result = RealLauncher.in(work).run(env, "--version");

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.err()).isEqualTo("dsh: needs Java 17 or newer, through JAVA_HOME or PATH;"
        + " found no java on PATH, and JAVA_HOME is not set\n");
  }
}
