package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The Yuanbao row's config in the user layer, {@code dsh
 * search} answering with the web seam's code (exit 3) or the row's violations (exit 2).
 */
class YuanbaoRowCliTest {

  private static final Map<String, String> KEY = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-row-cli");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path home;

  private static String errorCode(CliHarness.Result result) {
    JsonNode answer = JSON.readTree(result.out());
    return answer.get("error").get("code").asString();
  }

  @Test
  void anFtpBaseUrlLeavesNoUsableProvider() {
    CliHarness.installPlugin(home, "ftp://example.com", "");

    CliHarness.Result result = CliHarness.run(home, KEY, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(errorCode(result)).isEqualTo("WEB_PROVIDER_UNAVAILABLE");
  }

  @Test
  void anFtpBaseUrlPinnedFromTheEnvironmentIsConfiguredUnavailable() {
    CliHarness.installPlugin(home, "ftp://example.com", "");
    Map<String, String> pinned =
        Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-row-cli", "DSH_WEB_SEARCH_PROVIDER", "yuanbao");

    CliHarness.Result result = CliHarness.run(home, pinned, "", "search", "--json", "q");

    assertThat(result.exit()).as(result.err()).isEqualTo(3);
    assertThat(errorCode(result)).isEqualTo("WEB_PROVIDER_CONFIGURED_UNAVAILABLE");
  }

  @Test
  void aBaseUrlThatIsNotAUriAndACountOf15EndTheCommandWithBothPointers() {
    CliHarness.installPlugin(home, "not a uri", "count: 15");

    CliHarness.Result result = CliHarness.run(home, KEY, "", "search", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err())
        .contains("web-search-yuanbao")
        .contains("/baseURL")
        .contains("/count: must be one of 10, 20, 30, 40, 50 (got 15)");
  }

  @Test
  void anApiKeyEnvThatIsNotAReferenceNameEndsTheCommandNamingTheField() {
    CliHarness.installPlugin(home, "https://api.wsa.cloud.tencent.com", "apiKeyEnv: \"WSA KEY\"");

    CliHarness.Result result = CliHarness.run(home, KEY, "", "search", "q");

    assertThat(result.exit()).isEqualTo(2);
    assertThat(result.err())
        .contains(
            "/apiKeyEnv: must be a credential name: letters, digits and '_', not starting with a"
                + " digit");
  }
}
