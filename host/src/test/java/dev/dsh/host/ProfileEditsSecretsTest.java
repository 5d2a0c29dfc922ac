package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileEdits#saveRowConfig} and secrets: write-only, kept where they are (never copied
 * into the console's layer), never echoed.
 */
class ProfileEditsSecretsTest {

  private static final String KEY = "canary-key-5c1e0b";
  private static final String ROW = RealPluginJar.ROW_ID;
  private static final String BASE_URL = "http://127.0.0.1:9/";

  @TempDir Path home;

  private Path userLayer;
  private Path consoleLayer;

  @BeforeEach
  void setUp() {
    RealPluginJar.install(home, BASE_URL, "apiKey: \"" + KEY + "\"");
    userLayer = home.resolve("profiles/default/cordis.patch.yml");
    consoleLayer = home.resolve("profiles/default/console.patch.yml");
  }

  @Test
  void theKeepMarkerKeepsTheSecretWithoutCopyingItAndANewValueGoesToTheConsoleLayer()
      throws IOException {
    byte[] user = Files.readAllBytes(userLayer);
    ProfileEdits.saveRowConfig(options(), ROW,
        config("baseURL", BASE_URL, "apiKey", "<redacted>", "count", 20));
    String kept = Files.readString(consoleLayer);
    Map<String, Object> keptConfig = composed();
    ProfileEdits.saveRowConfig(options(), ROW,
        config("baseURL", BASE_URL, "apiKey", "new-key", "count", 20));

    assertAll(
        () -> assertThat(kept).doesNotContain(KEY, "apiKey").contains("count: 20"),
        () -> assertThat(keptConfig).containsEntry("apiKey", KEY).containsEntry("count", 20),
        () -> assertThat(Files.readString(consoleLayer)).contains("apiKey", "new-key")
            .doesNotContain(KEY),
        () -> assertThat(composed()).containsEntry("apiKey", "new-key"),
        () -> assertThat(Files.readAllBytes(userLayer)).isEqualTo(user));
  }

  @Test
  void aSecretSentAsNullIsClearedByTheConsoleLayerAndStaysInTheUsersFile() throws IOException {
    ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "apiKey", null));

    assertAll(
        () -> assertThat(Files.readString(consoleLayer)).contains("apiKey: null")
            .doesNotContain(KEY),
        () -> assertThat(composed()).doesNotContainKey("apiKey"),
        () -> assertThat(Files.readString(userLayer)).contains(KEY));
  }

  @Test
  void aUrlPasswordIsHiddenFromTheFormAndKeptWhenTheUrlComesBackAsShown() throws IOException {
    String withPassword = "http://user:pass-9d0c@127.0.0.1:9/";
    RealPluginJar.writeUserLayer(home, withPassword, "");

    Object shown = Host.inspect(options()).formRows().stream()
        .filter(r -> r.id().equals(ROW)).findFirst().orElseThrow().config().get("baseURL");
    ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", shown, "count", 20));

    assertAll(
        () -> assertThat(shown).asString().startsWith("http://").doesNotContain("pass-9d0c"),
        () -> assertThat(Files.readString(consoleLayer)).contains("count: 20")
            .doesNotContain("pass-9d0c", "baseURL"),
        () -> assertThat(composed()).containsEntry("baseURL", withPassword));
  }

  @Test
  void aSecretFieldTheSchemaRefusesIsNamedWithoutItsValue() {
    ConfigException refused = catchThrowableOfType(ConfigException.class, () ->
        ProfileEdits.saveRowConfig(options(), ROW,
            config("baseURL", BASE_URL, "apiKey", List.of(KEY))));

    assertAll(
        () -> assertThat(refused.violations()).extracting(ConfigViolation::pointer)
            .containsExactly("/apiKey"),
        () -> assertThat(refused.getMessage()).doesNotContain(KEY));
  }

  private Map<String, Object> composed() {
    return Host.inspect(options()).composed().row(ROW).orElseThrow().config();
  }

  private HostOptions options() {
    return new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of()), line -> {});
  }

  private static Map<String, Object> config(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
