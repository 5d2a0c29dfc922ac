package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileComposerTest {

  private static final String YUANBAO = "dsh-web-search-yuanbao";
  private static final String YUANBAO_PATCH =
      "- insert: [{id: web-search-yuanbao, name: dsh-web-search-yuanbao}]\n";

  @TempDir Path home;

  private final Map<String, BundlePatch> installed = new HashMap<>();
  private ProfileComposer composer;

  @BeforeEach
  void setUp() {
    installed.put(YUANBAO, new BundlePatch(YUANBAO, Optional.of(YUANBAO_PATCH)));
    composer = new ProfileComposer(new DshHome(home), id -> Optional.ofNullable(installed.get(id)));
  }

  @Test
  void baseOnlyProfileHasTheFourBuiltInRowsInOrderWithEmptyConfigs() {
    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.rows())
            .containsExactly(
                new ProfileRow("env", "env", Map.of(), false),
                new ProfileRow("credentials", "credentials", Map.of(), false),
                new ProfileRow("web", "web", Map.of(), false),
                new ProfileRow("tool-web", "tool-web", Map.of(), false)),
        () -> assertThat(profile.row("web").orElseThrow().config()).isEmpty(),
        () -> assertThat(profile.origin("tool-web")).contains("base layer"),
        () -> assertThat(profile.enabledRows()).hasSize(4));
  }

  @Test
  void listedBundleInsertsItsRowAfterTheBaseRows() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.rows()).extracting(ProfileRow::id)
            .containsExactly("env", "credentials", "web", "tool-web", "web-search-yuanbao"),
        () -> assertThat(profile.row("web-search-yuanbao").orElseThrow())
            .isEqualTo(new ProfileRow("web-search-yuanbao", YUANBAO, Map.of(), false)),
        () -> assertThat(profile.origin("web-search-yuanbao"))
            .contains("bundle \"dsh-web-search-yuanbao\""));
  }

  @Test
  void installedButUnlistedBundleAddsNothing() {
    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertThat(profile.row("web-search-yuanbao")).isEmpty();
  }

  @Test
  void userOverrideReplacesARowsConfigWhole() throws IOException {
    installed.put(
        YUANBAO,
        new BundlePatch(
            YUANBAO,
            Optional.of(
                "- insert:\n"
                    + "  - id: web-search-yuanbao\n"
                    + "    name: dsh-web-search-yuanbao\n"
                    + "    config: {count: 20, baseURL: 'http://127.0.0.1:9/'}\n")));
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n");
    write(
        "profiles/default/cordis.patch.yml",
        "- id: web-search-yuanbao\n  config:\n    count: 30\n- id: web\n  config: {searchProvider: yuanbao}\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.row("web-search-yuanbao").orElseThrow().config())
            .containsExactly(Map.entry("count", 30)),
        () -> assertThat(profile.row("web-search-yuanbao").orElseThrow().name()).isEqualTo(YUANBAO),
        () -> assertThat(profile.row("web").orElseThrow().config())
            .containsExactly(Map.entry("searchProvider", "yuanbao")),
        () -> assertThat(profile.origin("web-search-yuanbao"))
            .contains("bundle \"dsh-web-search-yuanbao\""));
  }

  @Test
  void disabledRowStaysInTheProfileButIsNotEnabled() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: tool-web, disabled: true}\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.row("tool-web").orElseThrow().disabled()).isTrue(),
        () -> assertThat(profile.enabledRows()).extracting(ProfileRow::id)
            .containsExactly("env", "credentials", "web"));
  }

  @Test
  void patchFileAppliesAfterTheUserLayer() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web, config: {searchProvider: a}}\n");
    Path patch =
        write(
            "extra.patch.yml",
            "- {id: web, config: {searchProvider: b}}\n- insert: [{id: extra, config: {x: 1}}]\n");

    ComposedProfile profile = composer.compose("default", Optional.of(patch), List.of());

    assertAll(
        () -> assertThat(profile.row("web").orElseThrow().config())
            .containsExactly(Map.entry("searchProvider", "b")),
        () -> assertThat(profile.row("extra").orElseThrow())
            .isEqualTo(new ProfileRow("extra", "extra", Map.of("x", 1), false)),
        () -> assertThat(profile.origin("extra")).contains("--patch " + patch));
  }

  @Test
  void emptyUserPatchFileChangesNothing() throws IOException {
    write("profiles/default/cordis.patch.yml", "# nothing yet\n");

    assertThat(composer.compose("default", Optional.empty(), List.of()).rows()).hasSize(4);
  }

  @Test
  void duplicateIdErrorNamesBothLayers() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n");
    write(
        "profiles/default/cordis.patch.yml",
        "- insert: [{id: web-search-yuanbao, name: other}]\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "row \"web-search-yuanbao\" inserted by user layer profiles/default/cordis.patch.yml"
                + " already exists (from bundle \"dsh-web-search-yuanbao\")");
  }

  @Test
  void insertingABaseRowAgainNamesTheBaseLayer() throws IOException {
    Path patch = write("p.yml", "- insert: [{id: web}]\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.of(patch), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage("row \"web\" inserted by --patch " + patch + " already exists (from base layer)");
  }

  @Test
  void patchAimedAtAMissingIdNamesTheLayer() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web}\n- {id: nope, config: {a: 1}}\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "user layer profiles/default/cordis.patch.yml: entry 2 overrides row \"nope\", which no"
                + " earlier layer defines (use {insert: [...]} to add a row)");
  }

  /** After {@code dsh plugin remove}, the user's entry for its row is kept. */
  @Test
  void anEntryForARowOfARemovedPluginIsSkippedWithANoteAndOthersStillApply() throws IOException {
    write("profiles/default/profile.yml",
        "bundles: []\nremovedRows: {web-search-yuanbao: dsh-web-search-yuanbao}\n");
    write("profiles/default/cordis.patch.yml",
        "- id: web-search-yuanbao\n  config: {count: 20}\n- id: web\n  config: {searchProvider: x}\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.row("web-search-yuanbao")).isEmpty(),
        () -> assertThat(profile.row("web").orElseThrow().config())
            .isEqualTo(Map.of("searchProvider", "x")),
        () -> assertThat(profile.notes()).containsExactly(
            "user layer profiles/default/cordis.patch.yml: entry 1 overrides row"
                + " \"web-search-yuanbao\" of the removed plugin dsh-web-search-yuanbao: the entry"
                + " is kept and skipped, and applies again once the plugin is added back (delete it"
                + " if it is no longer wanted)"));
  }

  @Test
  void theConsoleLayerMergesItsFieldsAfterTheUserLayerAndBeforeThePatchFile() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n");
    write("profiles/default/cordis.patch.yml", "- id: web-search-yuanbao\n"
        + "  config: {baseURL: 'http://127.0.0.1:9/', count: 10, mode: vertical}\n");
    write("profiles/default/console.patch.yml", "- id: web-search-yuanbao\n"
        + "  config: {count: 20, mode: null, industry: news}\n- id: web\n  config: {searchProvider: a}\n");
    Path patch = write("extra.yml", "- {id: web, config: {searchProvider: b}}\n");

    ComposedProfile profile = composer.compose("default", Optional.of(patch), List.of());

    String user = "user layer profiles/default/cordis.patch.yml";
    String console = "console layer profiles/default/console.patch.yml";
    assertAll(
        () -> assertThat(profile.row("web-search-yuanbao").orElseThrow().config()).isEqualTo(
            Map.of("baseURL", "http://127.0.0.1:9/", "count", 20, "industry", "news")),
        () -> assertThat(profile.fieldOrigins("web-search-yuanbao")).containsExactly(
            Map.entry("baseURL", user), Map.entry("count", console),
            Map.entry("industry", console)),
        () -> assertThat(profile.configOrigin("web-search-yuanbao")).contains(console),
        () -> assertThat(profile.row("web").orElseThrow().config())
            .isEqualTo(Map.of("searchProvider", "b")),
        () -> assertThat(profile.fieldOrigins("web"))
            .containsExactly(Map.entry("searchProvider", "--patch " + patch)),
        () -> assertThat(profile.notes()).containsExactly("row \"web-search-yuanbao\": " + user
            + " and " + console + " both set count, mode; the values of " + console
            + " apply (keep each field in one of the two files)"));
  }

  @Test
  void aConsoleEntryForARowOfARemovedPluginIsKeptAndSkippedAsTheUsersIs() throws IOException {
    write("profiles/default/profile.yml",
        "bundles: []\nremovedRows: {web-search-yuanbao: dsh-web-search-yuanbao}\n");
    write("profiles/default/console.patch.yml", "- id: web-search-yuanbao\n  config: {count: 20}\n");
    write("profiles/default/cordis.patch.yml", "- id: web\n  config: {searchProvider: x}\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertAll(
        () -> assertThat(profile.row("web-search-yuanbao")).isEmpty(),
        () -> assertThat(profile.notes()).containsExactly(
            "console layer profiles/default/console.patch.yml: entry 1 overrides row"
                + " \"web-search-yuanbao\" of the removed plugin dsh-web-search-yuanbao: the entry"
                + " is kept and skipped, and applies again once the plugin is added back (delete it"
                + " if it is no longer wanted)"),
        () -> assertThat(composer.userOverrides("default", Optional.empty()))
            .containsExactly("web", "web-search-yuanbao"));
    write("profiles/default/profile.yml", "bundles: []\n");
    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage("console layer profiles/default/console.patch.yml: entry 1 overrides row"
            + " \"web-search-yuanbao\", which no earlier layer defines (use {insert: [...]} to add"
            + " a row)");
  }

  @Test
  void anEntryForARowOfARemovedPluginAppliesAgainOnceARowOfThatIdIsBack() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n"
        + "removedRows: {web-search-yuanbao: dsh-web-search-yuanbao}\n");
    write("profiles/default/cordis.patch.yml", "- id: web-search-yuanbao\n  config: {count: 20}\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertThat(profile.row("web-search-yuanbao").orElseThrow().config())
        .isEqualTo(Map.of("count", 20));
    assertThat(profile.notes()).isEmpty();
  }

  @Test
  void theRowsTheUsersLayersOverrideAreListedWithoutComposing() throws IOException {
    write("profiles/default/profile.yml", "bundles: [not-installed]\n");
    write("profiles/default/cordis.patch.yml",
        "- id: web-search-yuanbao\n  config: {}\n- insert: [{id: mine, name: env}]\n");
    Path patch = write("extra.yml", "- id: web\n  disabled: true\n");

    assertThat(composer.userOverrides("default", Optional.of(patch)))
        .containsExactly("web-search-yuanbao", "web");
  }

  @Test
  void brokenYamlNamesTheFileAndTheLineWithoutEchoingIt() throws IOException {
    write(
        "profiles/default/cordis.patch.yml",
        "- id: web\n  config: {searchProvider: canary-7f3a\n- id: env\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/cordis.patch.yml: line 3, column ")
        .hasMessageContaining("broken YAML")
        .hasMessageNotContaining("canary-7f3a");
  }

  @Test
  void brokenBundlePatchNamesTheBundleFile() {
    installed.put(YUANBAO, new BundlePatch(YUANBAO, Optional.of("- insert: [\n")));

    assertThatThrownBy(() -> composeWithBundle())
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("dsh-web-search-yuanbao:META-INF/dsh/cordis.patch.yml: line ");
  }

  @Test
  void duplicateKeyInAMappingIsBrokenYamlAtItsLine() throws IOException {
    write("profiles/default/cordis.patch.yml", "- id: web\n  id: env\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/cordis.patch.yml: line 2, column ")
        .hasMessageContaining("broken YAML");
  }

  @Test
  void listedBundleThatIsNotInstalledNamesTheBundle() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-missing]\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "profiles/default/profile.yml lists bundle \"dsh-web-search-missing\", but no installed"
                + " plugin has that id (install it with `dsh plugin add <jar>` or remove it from the"
                + " list)");
  }

  @Test
  void nonListPatchNamesTheFile() throws IOException {
    write("profiles/default/cordis.patch.yml", "id: web\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "profiles/default/cordis.patch.yml: a patch must be a YAML list of entries, got a mapping");
  }

  @Test
  void rowWithoutIdNamesTheFileAndTheEntry() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web}\n- insert: [{name: x}]\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "profiles/default/cordis.patch.yml: entry 2: inserted row 1: a row needs an \"id\"");
  }

  @Test
  void unknownKeyInAnEntryNamesTheFileTheEntryAndTheKey() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web, confg: {searchProvider: a}}\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/cordis.patch.yml: entry 1: unknown key(s) [confg]");
  }

  @Test
  void insertMixedWithOtherKeysIsRefused() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web, insert: [{id: a}]}\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage(
            "profiles/default/cordis.patch.yml: entry 1: an insert entry holds only the key"
                + " \"insert\", got [id, insert]");
  }

  @Test
  void wrongTypesAreNamedWithoutTheirValues() throws IOException {
    write("profiles/default/cordis.patch.yml", "- {id: web, config: canary-secret-1}\n");

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isInstanceOf(ProfileException.class)
        .hasMessage("profiles/default/cordis.patch.yml: entry 1: \"config\" must be a mapping, got a string");
  }

  @Test
  void missingPatchFileIsAnError() {
    Path patch = home.resolve("absent.yml");

    assertThatThrownBy(() -> composer.compose("default", Optional.of(patch), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessage("--patch file not found: " + patch);
  }

  @Test
  void profileNameThatIsNotAPlainFolderNameIsRefused() {
    assertThatThrownBy(() -> composer.compose("../etc", Optional.empty(), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessageStartingWith("invalid profile name \"../etc\"");
  }

  @Test
  void bundlesApplyInTheOrderProfileYmlListsThem() throws IOException {
    installed.put("a", new BundlePatch("a", Optional.of("- insert: [{id: row-a}]\n")));
    installed.put("b", new BundlePatch("b", Optional.of("- {id: row-a, name: from-b}\n")));
    installed.put("none", new BundlePatch("none", Optional.empty()));
    write("profiles/default/profile.yml", "bundles: [a, none, b]\n");

    ComposedProfile profile = composer.compose("default", Optional.empty(), List.of());

    assertThat(profile.row("row-a").orElseThrow().name()).isEqualTo("from-b");
  }

  private ComposedProfile composeWithBundle() throws IOException {
    write("profiles/default/profile.yml", "bundles: [dsh-web-search-yuanbao]\n");
    return composer.compose("default", Optional.empty(), List.of());
  }

  private Path write(String relative, String text) throws IOException {
    Path file = home.resolve(relative);
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
    return file;
  }

  @Test
  void rowToStringShowsConfigKeysButNoValues() {
    ProfileRow row = new ProfileRow("y", "y", Map.of("apiKey", "canary-secret-2"), false);

    assertThat(row.toString()).contains("apiKey").doesNotContain("canary-secret-2");
  }

  @Test
  void rowConfigIsDeeplyUnmodifiable() {
    ProfileRow row =
        new ProfileRow("y", "y", Map.of("nested", Map.of("list", List.of(1))), false);

    @SuppressWarnings("unchecked")
    Map<String, Object> nested = (Map<String, Object>) row.config().get("nested");
    assertThatThrownBy(() -> nested.put("x", 1)).isInstanceOf(UnsupportedOperationException.class);
  }
}
