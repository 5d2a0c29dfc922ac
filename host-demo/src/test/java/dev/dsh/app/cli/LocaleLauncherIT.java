package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the distribution's real {@code bin/dsh}: under {@code LANG=C} a CJK and emoji
 * query, and a home folder with Chinese characters, reach the service intact, and the launcher
 * says nothing; it speaks up only when no UTF-8 locale exists.
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

  @Test
  void withoutAnyUtf8LocaleTheLauncherSaysSoAndStillRuns() throws Exception {
    Path bin = Files.createDirectories(work.resolve("bin"));
    Path fakeLocale = bin.resolve("locale");
    Files.writeString(fakeLocale,
        "#!/bin/sh\nif [ \"$1\" = -a ]; then printf 'C\\nPOSIX\\n'; else echo ANSI_X3.4-1968; fi\n");
    Files.setPosixFilePermissions(fakeLocale, PosixFilePermissions.fromString("rwxr-xr-x"));

    RealLauncher.Result result =
        RealLauncher.in(work).run(Map.of("PATH", bin + ":" + System.getenv("PATH")), "--version");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEqualTo("dsh: no UTF-8 locale is installed ('locale -a');"
        + " arguments outside ASCII may arrive damaged\n");
    assertThat(result.out()).startsWith("dsh ");
  }

  private void assertSearchReachesTheService(Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      CliHarness.installPlugin(home, stub.baseUrl(), "");

      RealLauncher.Result result = RealLauncher.in(work)
          .run(Map.of(), "--home", home.toString(), "search", "--json", QUERY);

      assertThat(result.exit()).as(result.err()).isZero();
      assertThat(result.err()).isEmpty();
      assertThat(result.out()).contains("\"url\":\"https://example.com/a\"");
      assertThat(stub.requests()).extracting(StubRequest::body)
          .containsExactly("{\"Query\":\"" + QUERY + "\",\"Cnt\":10}");
    }
  }
}
