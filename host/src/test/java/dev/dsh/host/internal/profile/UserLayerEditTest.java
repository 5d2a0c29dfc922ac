package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.host.model.ProfileException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link UserLayerEdit}: a row's config replaced in a patch file's text, every other byte kept. */
class UserLayerEditTest {

  private static final String FILE = "profiles/default/cordis.patch.yml";

  private static final String GOLDEN = """
      # My dsh settings. Do not lose this header.
      - id: web   # the web service
        config: {pin: "a"}

      # Between the entries: explains the next one.
      - id: search
        disabled: false
        config:
          count: 10     # ten is plenty
          mode: natural
        # trailing comment of the search entry
      - {id: other, config: {x: 1}}  # flow entry
      # Footer: the end.
      """;

  @Test
  void aBlockConfigBecomesOneFlowLineAndEveryOtherByteStays() {
    String edited = edit(GOLDEN, "search", Map.of("count", 20));

    assertThat(edited).isEqualTo("""
        # My dsh settings. Do not lose this header.
        - id: web   # the web service
          config: {pin: "a"}

        # Between the entries: explains the next one.
        - id: search
          disabled: false
          config: {count: 20}
          # trailing comment of the search entry
        - {id: other, config: {x: 1}}  # flow entry
        # Footer: the end.
        """);
  }

  @Test
  void aFlowEntryKeepsItsStyleAndItsComment() {
    String edited = edit(GOLDEN, "other", ordered("x", 2, "y", List.of("a", "b")));

    assertThat(edited).isEqualTo(GOLDEN.replace(
        "- {id: other, config: {x: 1}}  # flow entry",
        "- {id: other, config: {x: 2, y: [\"a\", \"b\"]}}  # flow entry"));
  }

  @Test
  void aRowWithoutAnEntryGetsOneAppendedAfterTheLastEntry() {
    String edited = edit(GOLDEN, "credentials", Map.of("store", "keys.json"));

    assertThat(edited).isEqualTo(GOLDEN.replace(
        "- {id: other, config: {x: 1}}  # flow entry\n",
        "- {id: other, config: {x: 1}}  # flow entry\n"
            + "- id: credentials\n  config: {store: \"keys.json\"}\n"));
  }

  @Test
  void anEntryWithoutConfigGetsTheKeyAddedAtItsIndentation() {
    String text = "- id: a\n  disabled: true   # off for now\n- id: b\n";

    assertAll(
        () -> assertThat(edit(text, "a", Map.of("n", 1)))
            .isEqualTo("- id: a\n  disabled: true   # off for now\n  config: {n: 1}\n- id: b\n"),
        () -> assertThat(edit("- {id: a}\n", "a", Map.of("n", 1)))
            .isEqualTo("- {id: a, config: {n: 1}}\n"),
        () -> assertThat(edit("- id: a\n  config:\n# after\n", "a", Map.of("n", 1)))
            .isEqualTo("- id: a\n  config: {n: 1}\n# after\n"));
  }

  @Test
  void aRowTheFileInsertsIsEditedInItsInsertEntry() {
    String text = "# mine\n- insert: [{id: mine, name: dsh-x, config: {n: 1}}]  # keep\n";

    assertThat(edit(text, "mine", Map.of("n", 2)))
        .isEqualTo("# mine\n- insert: [{id: mine, name: dsh-x, config: {n: 2}}]  # keep\n");
  }

  @Test
  void anEmptyOrMissingFileGetsTheEntryAfterItsComments() {
    assertAll(
        () -> assertThat(edit("", "web", Map.of())).isEqualTo("- id: web\n  config: {}\n"),
        () -> assertThat(edit("# only a comment", "web", Map.of("a", true)))
            .isEqualTo("# only a comment\n- id: web\n  config: {a: true}\n"),
        () -> assertThat(edit("[{id: a}]\n", "web", Map.of()))
            .isEqualTo("[{id: a}, {id: web, config: {}}]\n"));
  }

  @Test
  void windowsLineEndsStayWindowsLineEnds() {
    String text = "# c\r\n- id: a\r\n  config: {n: 1}\r\n";

    assertThat(edit(text, "b", Map.of("n", 2)))
        .isEqualTo("# c\r\n- id: a\r\n  config: {n: 1}\r\n- id: b\r\n  config: {n: 2}\r\n");
  }

  @Test
  void charactersBeyondTheBasicPlaneBeforeTheEntryDoNotShiftTheEdit() {
    String text = "# \uD83D\uDE00 ok 中文\n- id: a  # \uD83D\uDE00\n  config: {n: 1}\n";

    assertThat(edit(text, "a", Map.of("n", 2)))
        .isEqualTo("# \uD83D\uDE00 ok 中文\n- id: a  # \uD83D\uDE00\n  config: {n: 2}\n");
  }

  @Test
  void stringsThatYamlWouldReadAsSomethingElseAreQuotedAndReadBackAsStrings() {
    Map<String, Object> tricky = ordered("a", "yes", "b", "true", "c", "1e3",
        "d", "line\nbreak\u0007", "true", "key named true", "e", null, "f", "# not a comment",
        "g", 1.5, "h", 12345678901L, "i", List.of(Map.of("k", false)), "j", "中文 ünï");

    String edited = edit("", "web", tricky);

    PatchEntry.Override entry = (PatchEntry.Override)
        PatchParser.parse(edited, FILE, FILE).entries().get(0);
    assertAll(
        () -> assertThat(edited).doesNotContain("\u0007").contains("\\u0007"),
        () -> assertThat(entry.config()).contains(tricky));
  }

  @Test
  void anEntryWithAnAnchorIsRefusedNamingTheFileAndEntry() {
    // An alias elsewhere would read the anchored value; an edit must not move it under its feet.
    String text = "- id: a\n  config: &shared {n: 1}\n- id: b\n";

    assertThatThrownBy(() -> edit(text, "a", Map.of("n", 2)))
        .isInstanceOf(ProfileException.class)
        .hasMessage(FILE + ": entry 1: the entry of row \"a\" uses a YAML anchor or alias; edit it"
            + " by hand, or write it out in full");
  }

  @Test
  void aFileThatDoesNotReadIsRefusedNamingIt() {
    assertAll(
        () -> assertThatThrownBy(() -> edit("- id: a\n  config: {n: 1\n", "a", Map.of()))
            .isInstanceOf(ProfileException.class).hasMessageStartingWith(FILE + ": line "),
        () -> assertThatThrownBy(() -> edit("id: a\n", "a", Map.of()))
            .isInstanceOf(ProfileException.class)
            .hasMessage(FILE + ": a patch must be a YAML list of entries, got a mapping"));
  }

  private static String edit(String text, String row, Map<String, ?> config) {
    return UserLayerEdit.withRowConfig(text, FILE, row, config).text();
  }

  private static Map<String, Object> ordered(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }
}
