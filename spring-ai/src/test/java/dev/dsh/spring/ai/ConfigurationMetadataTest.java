package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The configuration metadata the annotation processor writes for the {@code dsh.*} properties,
 * which IDEs read to complete and explain them in {@code application.properties}.
 */
class ConfigurationMetadataTest {

  @Test
  void theThreePropertiesAreDescribedWithTheirDefaults() throws Exception {
    JsonNode metadata;
    try (InputStream in =
        getClass().getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
      assertThat(in).as("the generated metadata").isNotNull();
      metadata = JsonMapper.builder().build().readTree(in);
    }

    Map<String, JsonNode> byName = new TreeMap<>();
    metadata.get("properties")
        .forEach(property -> byName.put(property.get("name").asString(), property));
    assertThat(byName).containsOnlyKeys(List.of("dsh.enabled", "dsh.home", "dsh.profile"));
    assertThat(byName.get("dsh.enabled").get("defaultValue").asBoolean()).isTrue();
    assertThat(byName.get("dsh.profile").get("defaultValue").asString()).isEqualTo("default");
    assertThat(byName.get("dsh.home").has("defaultValue")).isFalse();
    assertThat(byName.get("dsh.enabled").get("description").asString())
        .isEqualTo("Whether to start a dsh host and offer its web_search tool as beans.");
    assertThat(byName.get("dsh.home").get("description").asString())
        .contains("$DSH_HOME, else .dsh in $HOME");
    assertThat(byName.get("dsh.profile").get("description").asString())
        .isEqualTo("The profile to boot, a folder of the home's profiles/.");
  }
}
