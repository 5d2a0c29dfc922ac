package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileEdits#saveRowConfig}: a row's config checked, then saved as a merge patch of the
 * fields that changed in the console's layer, written whole; the user's file is never written.
 */
class ProfileEditsTest {

  private static final String KEY = "canary-key-5c1e0b";
  private static final String ROW = RealPluginJar.ROW_ID;
  private static final String BASE_URL = "http://127.0.0.1:9/";
  private static final String HEADER = "# Written by dsh's console, whole, at each save: each"
      + " config is a JSON merge patch (RFC 7386) of the fields the console changed.\n# Your own"
      + " settings go in cordis.patch.yml, which dsh never writes.\n";

  private static final String GOLDEN = """
      # My settings for dsh. This header stays.
      - id: web-search-yuanbao
        config:
          baseURL: "http://127.0.0.1:9/"
          apiKey: "canary-key-5c1e0b"   # my key
          count: 10
      """;

  @TempDir Path home;

  private Path userLayer;
  private Path consoleLayer;

  @BeforeEach
  void setUp() throws IOException {
    RealPluginJar.install(home, BASE_URL, "");
    userLayer = home.resolve("profiles/default/cordis.patch.yml");
    consoleLayer = home.resolve("profiles/default/console.patch.yml");
    Files.writeString(userLayer, GOLDEN);
  }

  @Test
  void savingWritesTheChangedFieldsToTheConsoleLayerAndLeavesTheUsersFileAlone()
      throws IOException {
    ProfileEdits.Saved saved =
        ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "count", 20));

    assertAll(
        () -> assertThat(saved).isEqualTo(new ProfileEdits.Saved(ROW, consoleLayer, true)),
        () -> assertThat(Files.readString(consoleLayer)).isEqualTo(HEADER
            + "- id: web-search-yuanbao\n  config:\n    count: 20\n"),
        () -> assertThat(Files.readString(userLayer)).isEqualTo(GOLDEN),
        () -> assertThat(Files.getPosixFilePermissions(consoleLayer))
            .isEqualTo(PosixFilePermissions.fromString("rw-------")));
  }

  @Test
  void eachSaveMergesWhatItChangedIntoTheRowsEntryAndAClearedFieldIsNull() throws IOException {
    ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "count", 20));
    ProfileEdits.Saved second = ProfileEdits.saveRowConfig(options(), ROW,
        config("baseURL", BASE_URL, "count", 20, "mode", "vertical"));
    String afterSecond = Files.readString(consoleLayer);
    ProfileEdits.saveRowConfig(options(), ROW, config("count", 30));

    assertAll(
        () -> assertThat(second.newEntry()).isFalse(),
        () -> assertThat(afterSecond).isEqualTo(HEADER
            + "- id: web-search-yuanbao\n  config:\n    count: 20\n    mode: vertical\n"),
        () -> assertThat(Files.readString(consoleLayer)).isEqualTo(HEADER
            + "- id: web-search-yuanbao\n  config:\n    count: 30\n    mode: null\n"
            + "    baseURL: null\n"),
        () -> assertThat(Host.inspect(options()).composed().row(ROW).orElseThrow().config())
            .isEqualTo(Map.of("apiKey", KEY, "count", 30)));
  }

  @Test
  void aFieldBothUserFilesSetIsToldInOneLineNamingBoth() throws IOException {
    ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "count", 20));

    assertThat(Host.inspect(options()).notes()).containsExactly("row \"web-search-yuanbao\":"
        + " user layer profiles/default/cordis.patch.yml and console layer"
        + " profiles/default/console.patch.yml both set count; the values of console layer"
        + " profiles/default/console.patch.yml apply (keep each field in one of the two files)");
  }

  @Test
  void theSavedConfigIsWhatTheProfileComposesAndTheFormHidesTheSecret() {
    ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "count", 20));

    HostInspection.FormRow row = Host.inspect(options()).formRows().stream()
        .filter(r -> r.id().equals(ROW)).findFirst().orElseThrow();
    assertAll(
        () -> assertThat(row.config()).isEqualTo(config("baseURL", BASE_URL, "count", 20)),
        () -> assertThat(row.secretsSet()).containsExactly("/apiKey"),
        () -> assertThat(row.fieldOrigins()).containsExactly(
            Map.entry("baseURL", "user layer profiles/default/cordis.patch.yml"),
            Map.entry("apiKey", "user layer profiles/default/cordis.patch.yml"),
            Map.entry("count", "console layer profiles/default/console.patch.yml")),
        () -> assertThat(row.configOrigin())
            .isEqualTo("console layer profiles/default/console.patch.yml"),
        () -> assertThat(row.toString()).doesNotContain(KEY));
  }

  @Test
  void aConfigTheSchemaRefusesIsReportedAtItsPointerAndNothingIsWritten() throws IOException {
    byte[] before = Files.readAllBytes(userLayer);

    ConfigException refused = catchThrowableOfType(ConfigException.class, () ->
        ProfileEdits.saveRowConfig(options(), ROW,
            config("baseURL", BASE_URL, "maxConcurrentSearches", 65, "mode", "fast")));

    assertAll(
        () -> assertThat(refused.getMessage()).startsWith("invalid config for " + ROW + ":"),
        () -> assertThat(refused.violations()).containsExactly(
            new ConfigViolation("/mode",
                "must be one of \"natural\", \"vertical\", \"mixed\" (got \"fast\")"),
            new ConfigViolation("/maxConcurrentSearches",
                "must be at most 64 (allowed: 1 to 64; got 65)")),
        () -> assertThat(refused.getMessage()).doesNotContain(KEY),
        () -> assertThat(consoleLayer).doesNotExist(),
        () -> assertThat(Files.readAllBytes(userLayer)).isEqualTo(before));
  }

  @Test
  void theViolationsAreThoseTheHostReportsWhenItAppliesTheSameConfig() throws IOException {
    Map<String, Object> invalid = config("baseURL", "not a url", "count", 15,
        "maxConcurrentSearches", 0);
    ConfigException refused = catchThrowableOfType(ConfigException.class,
        () -> ProfileEdits.saveRowConfig(options(), ROW, invalid));
    RealPluginJar.writeUserLayer(home, "not a url", "count: 15, maxConcurrentSearches: 0");

    // A serving host keeps going without the row it refused, holding the row's error.
    Throwable applied;
    try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
      applied = host.scopes().stream().filter(scope -> scope.id().endsWith(ROW)).findFirst()
          .flatMap(ScopeInfo::failure).orElseThrow();
    }
    assertAll(
        () -> assertThat(applied).isInstanceOf(ConfigException.class),
        () -> assertThat(((ConfigException) applied).violations())
            .isEqualTo(refused.violations()).hasSize(3));
  }

  @Test
  void aBuiltInRowIsCheckedAgainstItsConfigTypesSchema() throws IOException {
    byte[] before = Files.readAllBytes(userLayer);

    ConfigException refused = catchThrowableOfType(ConfigException.class,
        () -> ProfileEdits.saveRowConfig(options(), "web", Map.of("nope", 1)));

    assertAll(
        () -> assertThat(refused.getMessage()).startsWith("invalid config for web:"),
        () -> assertThat(refused.violations()).extracting(ConfigViolation::pointer)
            .containsExactly("/nope"),
        () -> assertThat(consoleLayer).doesNotExist(),
        () -> assertThat(Files.readAllBytes(userLayer)).isEqualTo(before));
  }

  @Test
  void anotherRowsEntryStaysWhenARowIsSaved() throws IOException {
    ProfileEdits.saveRowConfig(options(), "web", Map.of("searchProvider", "yuanbao"));

    ProfileEdits.Saved saved =
        ProfileEdits.saveRowConfig(options(), ROW, config("baseURL", BASE_URL, "count", 30));

    assertAll(
        () -> assertThat(saved.newEntry()).isTrue(),
        () -> assertThat(Files.readString(consoleLayer)).isEqualTo(HEADER
            + "- id: web\n  config:\n    searchProvider: yuanbao\n"
            + "- id: web-search-yuanbao\n  config:\n    count: 30\n"),
        () -> assertThat(Host.inspect(options()).enabledRows()).contains(ROW));
  }

  @Test
  void aConsoleLayerThatDoesNotParseIsNamedAndLeftAlone() throws IOException {
    Files.writeString(consoleLayer, "- id: [broken\n");

    assertThatThrownBy(() -> ProfileEdits.saveRowConfig(options(), ROW, Map.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/console.patch.yml: line ");
    assertThat(Files.readString(consoleLayer)).isEqualTo("- id: [broken\n");
  }

  @Test
  void anUnknownRowIsRefusedNamingItAndTheRowsThereAre() {
    ProfileEditException refused = catchThrowableOfType(ProfileEditException.class,
        () -> ProfileEdits.saveRowConfig(options(), "web-search-nope", Map.of()));

    assertAll(
        () -> assertThat(refused.reason()).isEqualTo(ProfileEditException.Reason.UNKNOWN_ROW),
        () -> assertThat(refused).hasMessage("profile default has no row \"web-search-nope\"; its"
            + " rows: env, credentials, web, tool-web, web-search-yuanbao"));
  }

  @Test
  void aUserLayerThatDoesNotParseIsNamedAndLeftAlone() throws IOException {
    Files.writeString(userLayer, GOLDEN + "- id: [broken\n");
    byte[] before = Files.readAllBytes(userLayer);

    assertThatThrownBy(() -> ProfileEdits.saveRowConfig(options(), ROW, Map.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/cordis.patch.yml: line ");
    assertThat(Files.readAllBytes(userLayer)).isEqualTo(before);
  }

  @Test
  void aRowALaterLayerSetsIsRefusedRatherThanSavedWhereItWouldNotApply() throws IOException {
    byte[] before = Files.readAllBytes(userLayer);
    HostOptions layered = options().withLayer(
        new ProfileLayer("console test layer",
            "- {id: web-search-yuanbao, config: {count: 40}}\n"));

    ProfileEditException refused = catchThrowableOfType(ProfileEditException.class,
        () -> ProfileEdits.saveRowConfig(layered, ROW, Map.of("baseURL", BASE_URL)));

    assertAll(
        () -> assertThat(refused.reason()).isEqualTo(ProfileEditException.Reason.SET_ELSEWHERE),
        () -> assertThat(refused).hasMessage("row \"web-search-yuanbao\" is set by console test"
            + " layer, which comes after the profile's console.patch.yml; change it there, or"
            + " start without it"),
        () -> assertThat(Files.readAllBytes(userLayer)).isEqualTo(before));
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
