package dev.dsh.host.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.LoopbackStub;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 10 item 9, through the real {@code ./dsh} script: under {@code LANG=C} a CJK and emoji
 * query, and a home folder with Chinese characters, reach the service intact, and the launcher
 * says nothing; it speaks up only when no UTF-8 locale exists.
 *
 * <p>The script runs from a copy of the repository's layout whose sources are all older than the
 * built host jar (its {@code host-demo/target} links to the real one), so the launcher never
 * starts a build of its own in the middle of the test run.
 */
class LocaleLauncherIT {

  private static final String QUERY = "新能源 😀";

  @TempDir Path work;

  @Test
  void underLangCCjkAndEmojiArgumentsReachTheServiceIntactWithoutAWord() throws Exception {
    assertSearchReachesTheService(work.resolve("home"));
  }

  @Test
  void underLangCAHomeFolderWithChineseCharactersWorks() throws Exception {
    assertSearchReachesTheService(work.resolve("家目录-数据"));
  }

  private void assertSearchReachesTheService(Path home) throws Exception {
    try (LoopbackStub stub = LoopbackStub.answering(LoopbackStub.onePage("a"))) {
      CliHarness.installPlugin(home, stub.baseUrl(), "");

      Result result = launch(Map.of(), "--home", home.toString(), "search", "--json", QUERY);

      assertThat(result.exit()).as(result.err()).isZero();
      assertThat(result.err()).isEmpty();
      assertThat(result.out()).contains("\"url\":\"https://example.com/a\"");
      assertThat(stub.requests()).extracting(LoopbackStub.Seen::body)
          .containsExactly("{\"Query\":\"" + QUERY + "\",\"Cnt\":10}");
    }
  }

  @Test
  void withoutAnyUtf8LocaleTheLauncherSaysSoAndStillRuns() throws Exception {
    Path bin = Files.createDirectories(work.resolve("bin"));
    Path fakeLocale = bin.resolve("locale");
    Files.writeString(fakeLocale,
        "#!/bin/sh\nif [ \"$1\" = -a ]; then printf 'C\\nPOSIX\\n'; else echo ANSI_X3.4-1968; fi\n");
    Files.setPosixFilePermissions(fakeLocale, PosixFilePermissions.fromString("rwxr-xr-x"));

    Result result = launch(Map.of("PATH", bin + ":" + System.getenv("PATH")), "--version");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEqualTo("dsh: no UTF-8 locale is installed ('locale -a');"
        + " arguments outside ASCII may arrive damaged\n");
    assertThat(result.out()).startsWith("dsh ");
  }

  private record Result(int exit, String out, String err) {}

  private Result launch(Map<String, String> extraEnv, String... args) throws Exception {
    Path launcher = layout();
    ProcessBuilder builder = new ProcessBuilder(
        concat(List.of(launcher.toString()), List.of(args)));
    Map<String, String> env = builder.environment();
    env.keySet().removeIf(name -> name.startsWith("LC_") || name.equals("LANGUAGE"));
    env.remove("DSH_HOME");
    env.put("LANG", "C");
    env.put("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test");
    env.putAll(extraEnv);
    builder.redirectOutput(work.resolve("out.txt").toFile());
    builder.redirectError(work.resolve("err.txt").toFile());
    Process process = builder.start();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("./dsh did not end within 60 s");
    }
    return new Result(
        process.exitValue(),
        Files.readString(work.resolve("out.txt"), StandardCharsets.UTF_8),
        Files.readString(work.resolve("err.txt"), StandardCharsets.UTF_8));
  }

  /** The launcher in a copy of the repository layout that the launcher finds up to date. */
  private Path layout() throws IOException {
    Path real = Path.of(System.getProperty("dsh.launcher")).toRealPath();
    Path root = Files.createDirectories(work.resolve("repo"));
    Path launcher = root.resolve("dsh");
    if (Files.exists(launcher)) {
      return launcher;
    }
    Files.copy(real, launcher);
    Path target = real.getParent().resolve("host-demo/target").toRealPath();
    Files.createDirectories(root.resolve("host-demo"));
    Files.createSymbolicLink(root.resolve("host-demo/target"), target);
    FileTime old = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));
    for (String dir : List.of("plugin-api", "schema", "yuanbao-plugin")) {
      Files.setLastModifiedTime(Files.createDirectories(root.resolve(dir)), old);
    }
    Files.setLastModifiedTime(Files.writeString(root.resolve("pom.xml"), ""), old);
    Files.setLastModifiedTime(launcher, old);
    return launcher;
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return Stream.concat(a.stream(), b.stream()).toList();
  }
}
