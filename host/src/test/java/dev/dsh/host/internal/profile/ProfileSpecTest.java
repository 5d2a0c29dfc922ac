package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSpecTest {

  private static final ProfileSpec EMPTY = new ProfileSpec(List.of(), Map.of());

  @Test
  void missingFileMeansNoBundles(@TempDir Path dir) {
    assertThat(ProfileSpec.of(new DshHome(dir), "demo").bundles()).isEmpty();
  }

  @Test
  void aWrittenSpecIsReadBackFromAnOwnerOnlyFileInFoldersMadeForIt(@TempDir Path dir)
      throws IOException {
    Path file = dir.resolve("profiles/demo/profile.yml");
    DshHome home = new DshHome(dir);

    assertThat(ProfileSpec.update(home, "demo",
        spec -> spec.withBundle("p").withRemovedRows("q", List.of("row")))).isTrue();
    assertThat(ProfileSpec.update(home, "demo", spec -> spec.withBundle("p"))).isFalse();
    assertThat(ProfileSpec.update(home, "demo", spec -> EMPTY.withBundle("p")))
        .isTrue();

    assertThat(ProfileSpec.of(home, "demo")).isEqualTo(EMPTY.withBundle("p"));
    if (dir.getFileSystem().supportedFileAttributeViews().contains("posix")) {
      assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
          .isEqualTo("rw-------");
    }
    try (Stream<Path> files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file);
    }
  }

  @Test
  void yamlRoundTripsAfterAddingAndRemovingBundles() {
    ProfileSpec spec = EMPTY.withBundle("a").withBundle("yes").withBundle("a");

    assertThat(spec.bundles()).containsExactly("a", "yes");
    assertThat(ProfileSpec.parse(spec.toYaml(), "profile.yml")).isEqualTo(spec);
    assertThat(ProfileSpec.parse(spec.withoutBundle("a").toYaml(), "p").bundles())
        .containsExactly("yes");
    assertThat(ProfileSpec.parse(EMPTY.toYaml(), "p")).isEqualTo(EMPTY);
  }

  @Test
  void theFileSaysOnItsFirstLineThatDshWritesItAndWhereTheUsersSettingsGo() {
    assertThat(EMPTY.withBundle("p").toYaml()).isEqualTo(
        "# Written by dsh (plugin add, remove, enable, disable, the console), whole: your own"
            + " settings go in cordis.patch.yml\nbundles:\n  - \"p\"\n");
  }

  @Test
  void unknownKeyIsRefusedWithTheFileName() {
    assertThatThrownBy(() -> ProfileSpec.parse("bundle: [a]\n", "profiles/x/profile.yml"))
        .isInstanceOf(ProfileException.class)
        .hasMessage("profiles/x/profile.yml: unknown key \"bundle\" (allowed: bundles, removedRows)");
  }

  @Test
  void removedRowsRoundTripAndAddingThePluginAgainForgetsThem() {
    ProfileSpec spec = EMPTY.withBundle("p").withBundle("q")
        .withoutBundle("p").withRemovedRows("p", List.of("row-a", "yes"));

    assertThat(spec.removedRows()).isEqualTo(Map.of("row-a", "p", "yes", "p"));
    assertThat(ProfileSpec.parse(spec.toYaml(), "profile.yml")).isEqualTo(spec);
    assertThat(spec.withBundle("p")).isEqualTo(new ProfileSpec(List.of("q", "p"), Map.of()));
  }

  @Test
  void removedRowsThatAreNotAMapOfIdsAreRefused() {
    assertThatThrownBy(() -> ProfileSpec.parse("removedRows: [a]\n", "p.yml"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("\"removedRows\" must map row ids to plugin ids");
    assertThatThrownBy(() -> ProfileSpec.parse("removedRows: {a: 1}\n", "p.yml"))
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("\"removedRows\" must map row ids to plugin ids");
  }

  @Test
  void bundleListedTwiceIsRefused() {
    assertThatThrownBy(() -> ProfileSpec.parse("bundles: [a, a]\n", "p.yml"))
        .isInstanceOf(ProfileException.class)
        .hasMessage("p.yml: entry 2: bundle \"a\" is listed twice");
  }

  @Test
  void blockListParses() {
    assertThat(ProfileSpec.parse("bundles:\n  - a\n  - b\n", "p").bundles())
        .isEqualTo(List.of("a", "b"));
  }
}
