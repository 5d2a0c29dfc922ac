package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The offline demo on a fresh home, with no key and no network. */
class DemoProfileCliTest {

  @TempDir Path home;

  @Test
  void theDemoProfileServesSampleSourcesFromTheReplayEndpoint() {
    CliHarness.Result result =
        CliHarness.run(home, Map.of(), "", "--profile", "demo", "search", "DeepSeek");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).startsWith("Sources:\n- [").contains("](https://");
    assertThat(result.err()).contains("results are sample data");
    assertThat(result.out()).doesNotContain("sample data");
    assertThat(home.resolve("plugins/dsh-web-search-yuanbao.jar")).isRegularFile();
    assertThat(home.resolve("profiles/demo/profile.yml")).content().contains("dsh-web-search-yuanbao");
  }

  @Test
  void theDemoProfileAnswersJsonAndWorksAgainOnTheSameHome() {
    CliHarness.run(home, Map.of(), "", "--profile", "demo", "search", "first");
    CliHarness.Result result =
        CliHarness.run(
            home, Map.of(), "", "--profile", "demo", "search", "--json", "--max-results", "4", "DeepSeek");

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode answer = JsonMapper.builder().build().readTree(result.out());
    assertThat(answer.get("provider").asString()).isEqualTo("yuanbao");
    assertThat(answer.get("sources")).hasSize(4);
    assertThat(Files.exists(home.resolve("credentials.json"))).isFalse();
  }
}
