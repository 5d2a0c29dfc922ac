package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dsh run}'s {@code status} shows
 * whether each provider is ready and, when it is not, why; a key stored by {@code dsh credentials
 * set} in another process counts at the next status.
 */
class ReadinessCliTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path home;

  private SearchProStub stub;

  @BeforeEach
  void install() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    CliHarness.installPlugin(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void pluginListShowsEachProviderReadyOrNotAndWhy() {
    CliHarness.Result keyless = CliHarness.run(home, Map.of(), "", "plugin", "list");
    CliHarness.Result keyed =
        CliHarness.run(home, Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-readiness-cli"), "", "plugin", "list");
    CliHarness.writeUserLayer(home, "ftp://example.com", "");
    CliHarness.Result unusable = CliHarness.run(home, Map.of(), "", "plugin", "list");

    assertThat(keyless.exit()).as(keyless.err()).isZero();
    assertThat(keyless.out().lines())
        .containsExactly(
            CliHarness.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tenabled\t" + CliHarness.ROW_ID,
            "provider\tyuanbao\tnot ready\tno API key for \"TENCENTCLOUD_WSA_APIKEY\"");
    assertThat(keyed.out().lines()).last().isEqualTo("provider\tyuanbao\tready\t-");
    assertThat(unusable.out().lines())
        .last()
        .isEqualTo("provider\tyuanbao\tunavailable\tbaseURL is not an absolute http(s) URL");
    assertThat(keyed.out() + keyed.err()).doesNotContain("sk-readiness-cli");
    assertThat(stub.requests()).isEmpty();
  }

  @Test
  void runStatusShowsAKeylessYuanbaoNotReadyWithItsReasonThenReadyOnceAKeyIsStored()
      throws Exception {
    try (RunSession run = RunSession.start(home, Map.of())) {
      assertThat(JSON.readTree(run.ask("status")).get("providers").toString())
          .isEqualTo(
              "[{\"id\":\"yuanbao\",\"available\":true,\"ready\":false,\"reason\":\"no API key for"
                  + " \\\"TENCENTCLOUD_WSA_APIKEY\\\"\"}]");

      CliHarness.Result set =
          CliHarness.run(
              home, Map.of(), "sk-readiness-cli\n", "credentials", "set", "TENCENTCLOUD_WSA_APIKEY");
      assertThat(set.exit()).as(set.err()).isZero();

      assertThat(JSON.readTree(run.ask("status")).get("providers").toString())
          .isEqualTo("[{\"id\":\"yuanbao\",\"available\":true,\"ready\":true}]");
    }
  }
}
