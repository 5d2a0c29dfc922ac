package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.ZipBombJar;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3 GiB-entry jar in plugins/ once made every command exit 1 with an
 * OutOfMemoryError; now each command reports it in one line and goes on, and it can be removed.
 */
class HugeJarCliTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "k-1");
  private static final String REFUSAL = "huge.jar: refused: it unpacks to more than the 256 MiB limit";

  @TempDir Path home;
  private SearchProStub stub;
  private Path bomb;

  @BeforeEach
  void setUp() throws IOException {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    bomb = ZipBombJar.write(home.resolve("plugins/huge.jar"), "adv-huge", 3072, 3072L << 20);
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void everyCommandReportsTheBombInOneLineAndGoesOn() {
    CliHarness.Result searched = CliHarness.run(home, ENV, "", "search", "drones");
    CliHarness.Result listed = CliHarness.run(home, ENV, "", "plugin", "list");
    CliHarness.Result credentials = CliHarness.run(home, ENV, "", "credentials", "list");
    CliHarness.Result dumped = CliHarness.run(home, ENV, "", "--dump-config");

    assertAll(
        () -> assertThat(searched.exit()).as(searched.err()).isZero(),
        () -> assertThat(searched.out()).contains("(https://example.com/a)"),
        () -> assertThat(searched.err().lines().filter(line -> line.contains(REFUSAL))).hasSize(1),
        () -> assertThat(searched.err()).doesNotContain("OutOfMemoryError").doesNotContain("\tat "),
        () -> assertThat(listed.exit()).as(listed.err()).isZero(),
        () -> assertThat(listed.out().lines())
            .containsExactly(
                RealPluginJar.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tenabled\t"
                    + RealPluginJar.ROW_ID,
                "huge.jar\t-\tinvalid\t-\t" + bomb + ": refused: it unpacks to more than the 256"
                    + " MiB limit for a plugin jar (data.bin alone declares 3072 MiB)",
                "provider\tyuanbao\tready\t-"),
        () -> assertThat(credentials.exit()).as(credentials.err()).isZero(),
        () -> assertThat(credentials.out()).contains("TENCENTCLOUD_WSA_APIKEY"),
        () -> assertThat(dumped.exit()).as(dumped.err()).isZero(),
        () -> assertThat(dumped.out()).contains(CliHarness.ROW_ID));
  }

  @Test
  void removeByTheIdInItsManifestDeletesTheBomb() {
    CliHarness.Result removed = CliHarness.run(home, ENV, "", "plugin", "remove", "adv-huge");

    assertThat(removed.exit()).as(removed.err()).isZero();
    assertThat(removed.out()).isEqualTo("removed adv-huge\n");
    assertThat(bomb).doesNotExist();
    assertThat(home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar")).exists();
  }
}
