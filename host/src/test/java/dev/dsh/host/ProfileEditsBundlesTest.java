package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link ProfileEdits#setBundleEnabled}: a plugin's bundle listed or not in {@code profile.yml},
 * dsh's own file, written whole (what the user wrote there, comments too, is not kept).
 */
class ProfileEditsBundlesTest {

  private static final String ID = RealPluginJar.PLUGIN_ID;
  private static final String GOLDEN = """
      # The bundles of my profile.
      bundles:
        - dsh-web-search-yuanbao   # the search plugin
      # Footer: keep me.
      """;

  private static final String HEADER = "# Written by dsh (plugin add, remove, enable, disable,"
      + " the console), whole: your own settings go in cordis.patch.yml\n";

  @TempDir Path home;

  private Path spec;
  private Path userLayer;

  @BeforeEach
  void setUp() throws IOException {
    RealPluginJar.install(home, "http://127.0.0.1:9/", "count: 20");
    spec = home.resolve("profiles/default/profile.yml");
    userLayer = home.resolve("profiles/default/cordis.patch.yml");
    Files.writeString(spec, GOLDEN);
  }

  @Test
  void disablingTakesTheBundleOutAndKeepsTheUsersEntryForLater() throws IOException {
    byte[] layer = Files.readAllBytes(userLayer);

    boolean changed = ProfileEdits.setBundleEnabled(options(), ID, false);

    HostInspection inspection = Host.inspect(options());
    assertAll(
        () -> assertThat(changed).isTrue(),
        () -> assertThat(Files.readString(spec)).isEqualTo(HEADER + """
            bundles: []
            # rows of removed plugins: your entries for them are kept and skipped until the plugin is added again
            removedRows:
              "web-search-yuanbao": "dsh-web-search-yuanbao"
            """),
        () -> assertThat(inspection.enabledRows()).doesNotContain(RealPluginJar.ROW_ID),
        () -> assertThat(inspection.jars()).singleElement()
            .satisfies(jar -> assertThat(jar.enabled()).isFalse()),
        () -> assertThat(inspection.notes()).singleElement().asString()
            .contains("overrides row \"web-search-yuanbao\"", "kept and skipped"),
        () -> assertThat(Files.readAllBytes(userLayer)).isEqualTo(layer));
  }

  @Test
  void enablingAgainListsTheBundleAndTheUsersEntryAppliesAgain() throws IOException {
    ProfileEdits.setBundleEnabled(options(), ID, false);

    boolean changed = ProfileEdits.setBundleEnabled(options(), ID, true);

    HostInspection inspection = Host.inspect(options());
    assertAll(
        () -> assertThat(changed).isTrue(),
        () -> assertThat(Files.readString(spec)).isEqualTo(HEADER + """
            bundles:
              - "dsh-web-search-yuanbao"
            """),
        () -> assertThat(inspection.enabledRows()).contains(RealPluginJar.ROW_ID),
        () -> assertThat(inspection.notes()).isEmpty(),
        () -> assertThat(inspection.formRows())
            .filteredOn(r -> r.id().equals(RealPluginJar.ROW_ID))
            .singleElement().satisfies(row -> assertThat(row.config()).containsEntry("count", 20)));
  }

  @Test
  void askingForTheStateTheProfileHasChangesNothing() throws IOException {
    boolean enabled = ProfileEdits.setBundleEnabled(options(), ID, true);
    byte[] same = Files.readAllBytes(spec);
    ProfileEdits.setBundleEnabled(options(), ID, false);
    byte[] disabled = Files.readAllBytes(spec);
    boolean again = ProfileEdits.setBundleEnabled(options(), ID, false);

    assertAll(
        () -> assertThat(enabled).isFalse(),
        () -> assertThat(same).asString().isEqualTo(GOLDEN),
        () -> assertThat(again).isFalse(),
        () -> assertThat(Files.readAllBytes(spec)).isEqualTo(disabled));
  }

  @Test
  void anIdNoInstalledPluginHasIsRefusedNamingItAndTheInstalledOnes() throws IOException {
    ProfileEditException refused = catchThrowableOfType(ProfileEditException.class,
        () -> ProfileEdits.setBundleEnabled(options(), "dsh-nope", true));

    assertAll(
        () -> assertThat(refused.reason()).isEqualTo(ProfileEditException.Reason.UNKNOWN_PLUGIN),
        () -> assertThat(refused).hasMessage("no installed plugin has the id \"dsh-nope\""
            + " (installed: dsh-web-search-yuanbao); add its jar with 'dsh plugin add <jar>'"),
        () -> assertThatThrownBy(() -> ProfileEdits.setBundleEnabled(options(), "dsh-nope", false))
            .isInstanceOf(ProfileEditException.class),
        () -> assertThat(Files.readString(spec)).isEqualTo(GOLDEN));
  }

  @Test
  void aProfileFileThatDoesNotParseIsNamedAndLeftAlone() throws IOException {
    Files.writeString(spec, "bundles: [dsh-web-search-yuanbao\n");

    assertThatThrownBy(() -> ProfileEdits.setBundleEnabled(options(), ID, false))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith("profiles/default/profile.yml: line ");
    assertThat(Files.readString(spec)).isEqualTo("bundles: [dsh-web-search-yuanbao\n");
  }

  private HostOptions options() {
    return new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of()), line -> {});
  }
}
