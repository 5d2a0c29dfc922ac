package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.host.model.ProfileException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link SpecEdit}: a {@code profile.yml} brought to another spec, comments and keys kept. */
class SpecEditTest {

  private static final String FILE = "profiles/default/profile.yml";

  private static final String GOLDEN = """
      # Bundles of my profile.
      bundles:
        - dsh-a      # the first one
        # the second one, quoted on purpose
        - 'dsh-b'
      # After the list.
      """;

  @Test
  void aBundleTakenOutOfABlockListLosesOnlyItsLine() {
    String edited = SpecEdit.toSpec(GOLDEN, FILE, new ProfileSpec(List.of("dsh-b")));

    assertThat(edited).isEqualTo("""
        # Bundles of my profile.
        bundles:
          # the second one, quoted on purpose
          - 'dsh-b'
        # After the list.
        """);
  }

  @Test
  void aBundleAddedToABlockListGoesOnANewLineAfterTheLast() {
    String edited =
        SpecEdit.toSpec(GOLDEN, FILE, new ProfileSpec(List.of("dsh-a", "dsh-b", "dsh-c")));

    assertThat(edited).isEqualTo(GOLDEN.replace("  - 'dsh-b'\n", "  - 'dsh-b'\n  - dsh-c\n"));
  }

  @Test
  void anIndentlessListAndAFlowListAreEditedInTheirOwnStyle() {
    assertAll(
        () -> assertThat(
                SpecEdit.toSpec("bundles:\n- a\n- b\n", FILE, new ProfileSpec(List.of("a"))))
            .isEqualTo("bundles:\n- a\n"),
        () -> assertThat(SpecEdit.toSpec("bundles: ['a', b] # mine\n", FILE,
                new ProfileSpec(List.of("a", "b", "true"))))
            .isEqualTo("bundles: ['a', b, \"true\"] # mine\n"),
        () -> assertThat(SpecEdit.toSpec("bundles: [a]\n", FILE, ProfileSpec.empty()))
            .isEqualTo("bundles: []\n"),
        () -> assertThat(SpecEdit.toSpec("bundles:\n- a\n# end\n", FILE, ProfileSpec.empty()))
            .isEqualTo("bundles:\n# end\n"));
  }

  @Test
  void aMissingListOrFileGetsOneAndAReorderIsWrittenAnew() {
    assertAll(
        () -> assertThat(SpecEdit.toSpec("", FILE, new ProfileSpec(List.of("a"))))
            .isEqualTo("bundles: [a]\n"),
        () -> assertThat(SpecEdit.toSpec("# just a note", FILE, new ProfileSpec(List.of("a"))))
            .isEqualTo("# just a note\nbundles: [a]\n"),
        () -> assertThat(SpecEdit.toSpec("bundles:   # none yet\n", FILE,
                new ProfileSpec(List.of("a"))))
            .isEqualTo("bundles: [a]   # none yet\n"),
        () -> assertThat(SpecEdit.toSpec("removedRows: {r: p}\n", FILE,
                new ProfileSpec(List.of("a"), Map.of("r", "p"))))
            .isEqualTo("removedRows: {r: p}\nbundles: [a]\n"),
        () -> assertThat(SpecEdit.toSpec("{removedRows: {r: p}}\n", FILE,
                new ProfileSpec(List.of("a"), Map.of("r", "p"))))
            .isEqualTo("{removedRows: {r: p}, bundles: [a]}\n"),
        () -> assertThat(SpecEdit.toSpec("bundles:\n  - a\n  - b\n", FILE,
                new ProfileSpec(List.of("b", "a"))))
            .isEqualTo("bundles: [b, a]\n"));
  }

  @Test
  void removedRowsAreWrittenOnTheirKeysLineOrAddedAfterTheLastKey() {
    String text = "bundles: [p]\n# rows kept for removed plugins\nremovedRows:\n  old: q\n# end\n";

    assertAll(
        () -> assertThat(SpecEdit.toSpec(text, FILE,
                new ProfileSpec(List.of(), Map.of("old", "q", "row", "p"))))
            .isEqualTo("bundles: []\n# rows kept for removed plugins\n"
                + "removedRows: {old: q, row: p}\n# end\n"),
        () -> assertThat(SpecEdit.toSpec("bundles: [p]  # p\n# end", FILE,
                new ProfileSpec(List.of(), Map.of("row", "p"))))
            .isEqualTo("bundles: []  # p\n# end\nremovedRows: {row: p}\n"),
        () -> assertThat(SpecEdit.toSpec("bundles:\n  - p\n", FILE,
                new ProfileSpec(List.of(), Map.of("row", "p"))))
            .isEqualTo("bundles:\nremovedRows: {row: p}\n"),
        () -> assertThat(SpecEdit.toSpec(text, FILE, new ProfileSpec(List.of("p", "q"))))
            .isEqualTo(
                "bundles: [p, q]\n# rows kept for removed plugins\nremovedRows: {}\n# end\n"));
  }

  @Test
  void anUnchangedSpecLeavesTheTextAsItIs() {
    assertThat(SpecEdit.toSpec(GOLDEN, FILE, new ProfileSpec(List.of("dsh-a", "dsh-b"))))
        .isSameAs(GOLDEN);
  }

  @Test
  void aFileThatDoesNotReadIsRefusedNamingIt() {
    assertThatThrownBy(() -> SpecEdit.toSpec("bundles: [a\n", FILE, ProfileSpec.empty()))
        .isInstanceOf(ProfileException.class)
        .hasMessageStartingWith(FILE + ": line ");
  }
}
