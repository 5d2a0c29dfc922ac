package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.host.model.DshHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

class ConfigDumpTest {

  private static final String CANARY = "sk-canary-5d1e9b";
  private static final String YUANBAO = "dsh-web-search-yuanbao";

  @TempDir Path home;

  @Test
  void dumpShowsTheComposedTreeWithApiKeyRedactedAndTheCanaryAbsent() throws IOException {
    ComposedProfile profile = composeWithYuanbaoConfig("{apiKey: " + CANARY + ", count: 20}");

    String dump = profile.dump(name -> Optional.empty());

    Map<?, ?> parsed = new YAMLMapper().readValue(dump, Map.class);
    List<?> rows = (List<?>) parsed.get("rows");
    assertAll(
        () -> assertThat(dump).doesNotContain(CANARY),
        () -> assertThat(parsed.get("profile")).isEqualTo("default"),
        () -> assertThat(rows).hasSize(profile.rows().size()),
        () -> assertThat(rows.get(4))
            .isEqualTo(
                Map.of(
                    "id", "web-search-yuanbao",
                    "name", YUANBAO,
                    "from", "bundle \"dsh-web-search-yuanbao\"",
                    "configFrom", "user layer profiles/default/cordis.patch.yml",
                    "fieldsFrom", Map.of(
                        "apiKey", "user layer profiles/default/cordis.patch.yml",
                        "count", "user layer profiles/default/cordis.patch.yml"),
                    "disabled", false,
                    "config", Map.of("apiKey", "<redacted>", "count", 20))),
        () -> assertThat(rows.get(0))
            .isEqualTo(
                Map.of(
                    "id", "env", "name", "env", "from", "base layer",
                    "configFrom", "base layer", "fieldsFrom", Map.of(), "disabled", false,
                    "config", Map.of())));
  }

  /** The layer that set a row's config is named beside the one that added it. */
  @Test
  void eachRowSaysWhichLayerSetItsConfig() throws IOException {
    Path dir = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(dir.resolve("cordis.patch.yml"),
        "- id: web\n  config: {searchProvider: yuanbao}\n- id: tool-web\n  disabled: true\n");
    Path patch = Files.writeString(home.resolve("extra.yml"), "- id: env\n  config: {}\n");
    ComposedProfile profile = new ProfileComposer(new DshHome(home), id -> Optional.empty())
        .compose("default", Optional.of(patch), List.of());

    List<?> rows = (List<?>) new YAMLMapper()
        .readValue(profile.dump(name -> Optional.empty()), Map.class).get("rows");

    assertThat(rows).extracting(row -> ((Map<?, ?>) row).get("id") + " <- "
            + ((Map<?, ?>) row).get("from") + " / " + ((Map<?, ?>) row).get("configFrom"))
        .containsExactly(
            "env <- base layer / --patch " + patch,
            "credentials <- base layer / base layer",
            "web <- base layer / user layer profiles/default/cordis.patch.yml",
            "tool-web <- base layer / base layer");
  }

  @Test
  void fieldMarkedSecretInThePluginSchemaIsRedactedWhateverItsName() throws IOException {
    JsonNode schema =
        JsonMapper.shared()
            .readTree(
                "{\"type\":\"object\",\"properties\":{\"credential\":{\"type\":\"string\","
                    + "\"x-secret\":true},\"apiKeyEnv\":{\"type\":\"string\"}}}");
    ComposedProfile profile =
        composeWithYuanbaoConfig("{credential: " + CANARY + ", apiKeyEnv: MY_KEY}");

    String dump =
        profile.dump(name -> YUANBAO.equals(name) ? Optional.of(schema) : Optional.empty());

    assertAll(
        () -> assertThat(dump).doesNotContain(CANARY),
        () -> assertThat(dump).contains("credential: <redacted>"),
        () -> assertThat(dump).contains("apiKeyEnv: MY_KEY"));
  }

  @Test
  void secretLookingKeysAreRedactedInNestedMapsAndListsWithoutASchema() throws IOException {
    ComposedProfile profile =
        composeWithYuanbaoConfig(
            "{auth: {api_key: " + CANARY + "a, clientSecret: " + CANARY + "b},"
                + " hosts: [{password: " + CANARY + "c, host: example.org}], accessToken: "
                + CANARY + "d}");

    String dump = profile.dump(name -> Optional.empty());

    assertAll(
        () -> assertThat(dump).doesNotContain(CANARY),
        () -> assertThat(dump).contains("host: example.org"),
        () -> assertThat(dump.split("<redacted>", -1)).hasSize(5));
  }

  private ComposedProfile composeWithYuanbaoConfig(String config) throws IOException {
    Path dir = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(dir.resolve("profile.yml"), "bundles: [" + YUANBAO + "]\n");
    Files.writeString(dir.resolve("cordis.patch.yml"), "- id: web-search-yuanbao\n  config: " + config + "\n");
    BundlePatch bundle =
        new BundlePatch(
            YUANBAO, Optional.of("- insert: [{id: web-search-yuanbao, name: " + YUANBAO + "}]\n"));
    return new ProfileComposer(new DshHome(home), id -> id.equals(YUANBAO) ? Optional.of(bundle) : Optional.empty())
        .compose("default", Optional.empty(), List.of());
  }
}
