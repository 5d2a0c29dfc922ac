package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dsh run}: a profile that does not compose at start has no previous tree
 * to fall back on. The session serves on; every search answers with what is wrong and where,
 * {@code status} shows it, and saving the fixed file recovers without a restart.
 */
class UnappliedProfileRunTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String WHY = "profile \"default\" is not applied, so no plugin row runs:"
      + " user layer profiles/default/cordis.patch.yml: entry 1 overrides row \"web-search-yuanbo\","
      + " which no earlier layer defines (use {insert: [...]} to add a row); fix the file and dsh"
      + " applies it once it is saved, without a restart";

  @TempDir Path work;

  private Path home;
  private SearchProStub stub;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    // A typo in the row id: the patch targets a row that does not exist.
    writePatch("- id: web-search-yuanbo\n  config: {baseURL: \"" + stub.baseUrl() + "\"}\n");
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void everyAnswerSaysWhatToFixUntilTheFixedFileIsSaved() throws Exception {
    try (RunSession run = RunSession.start(home, ENV)) {
      String reported = run.awaitErr(0, "is not applied");
      JsonNode status = JSON.readTree(run.ask("status"));
      String text = run.ask("search broken");
      JsonNode json = JSON.readTree(run.ask("search --json broken"));

      assertAll(
          () -> assertThat(reported).isEqualTo("dsh: " + WHY),
          () -> assertThat(run.errLines()).noneMatch(line -> line.contains("previous tree")),
          () -> assertThat(status.get("profileError").asString()).isEqualTo(WHY),
          () -> assertThat(text).isEqualTo("Error: " + WHY),
          () -> assertThat(json.get("error").get("message").asString()).isEqualTo(WHY),
          () -> assertThat(stub.requests()).isEmpty());

      int mark = run.errMark();
      CliHarness.writeUserLayer(home, stub.baseUrl(), "");
      run.awaitErr(mark, "applied root/" + CliHarness.ROW_ID + " ");

      String fixed = run.ask("search --json fixed");
      assertThat(JSON.readTree(fixed).path("provider").asString("")).as(fixed).isEqualTo("yuanbao");
      assertThat(JSON.readTree(run.ask("status")).has("profileError")).isFalse();

      // Broken again after a good tree: now there is one to keep.
      mark = run.errMark();
      writePatch("- id: web-search-yuanbo\n  config: {}\n");
      assertThat(run.awaitErr(mark, "profile not applied"))
          .contains("the previous tree keeps serving: user layer profiles/default/cordis.patch.yml");
      assertThat(JSON.readTree(run.ask("search --json still")).get("provider").asString())
          .isEqualTo("yuanbao");
      assertThat(JSON.readTree(run.ask("status")).get("profileError").asString())
          .startsWith("profile not applied, the previous tree keeps serving: ");
      run.send("quit");
      assertThat(run.awaitExit()).isZero();
    }
  }

  private void writePatch(String text) throws IOException {
    Path file = home.resolve("profiles/default/cordis.patch.yml");
    Path temp = Files.createTempFile(file.getParent(), ".patch-", ".tmp");
    Files.writeString(temp, text);
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }
}
