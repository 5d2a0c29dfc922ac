package dev.dsh.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import java.util.List;
import org.junit.jupiter.api.Test;

class ConfigCatalogTest {

  private final String catalog = ConfigCatalog.render(
      SampleConfig.class, new ConfigSchemaGenerator().generate(SampleConfig.class));

  private String rowOf(String field) {
    return catalog.lines()
        .filter(line -> line.startsWith("| `" + field + "` |"))
        .findFirst()
        .orElseThrow(() -> new AssertionError("no row for " + field + " in\n" + catalog));
  }

  @Test
  void everyFieldHasOneRowInDeclarationOrderNestedOnesDotted() {
    List<String> fields =
        catalog.lines()
            .filter(line -> line.startsWith("| `"))
            .map(line -> line.substring(3, line.indexOf('`', 3)))
            .toList();
    assertThat(fields)
        .containsExactly(
            "apiKey", "apiKeyEnv", "baseURL", "count", "mode", "owner", "verbose", "tags",
            "limits", "limits.maxPages");
  }

  @Test
  void rowsShowTypeRequiredDefaultAllowedValuesSecretReferenceAndDescription() {
    assertAll(
        () -> assertThat(rowOf("count"))
            .isEqualTo("| `count` | integer | no | `10` | `10`, `20`, `30`, `40`, `50` | no | no"
                + " | Results per search. |"),
        () -> assertThat(rowOf("apiKey"))
            .isEqualTo("| `apiKey` | string | no | — | — | yes | no"
                + " | Literal API key; wins over apiKeyEnv when non-empty. |"),
        () -> assertThat(rowOf("apiKeyEnv"))
            .isEqualTo("| `apiKeyEnv` | string | no | `\"TENCENTCLOUD_WSA_APIKEY\"` | — | no | yes"
                + " | Credential holding the API key. |"),
        () -> assertThat(rowOf("baseURL"))
            .startsWith("| `baseURL` | string (uri) | no | `\"https://api.wsa.cloud.tencent.com\"` |")
            .endsWith("| Endpoint base \\| the path is appended. |"),
        () -> assertThat(rowOf("owner")).startsWith("| `owner` | string | yes | — |"),
        () -> assertThat(rowOf("tags")).startsWith("| `tags` | array of string | no |"),
        () -> assertThat(rowOf("mode")).contains("| `\"fast\"`, `\"deep\"` |"));
  }

  @Test
  void catalogNamesItsClassAndEndsWithALineFeed() {
    assertThat(catalog)
        .startsWith("# Config of `SampleConfig`\n")
        .contains("`dev.dsh.schema.SampleConfig`")
        .endsWith(" |\n")
        .doesNotContain("\r");
  }
}
