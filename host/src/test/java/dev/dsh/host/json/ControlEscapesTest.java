package dev.dsh.host.json;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Control characters leave dsh escaped: C0, DEL, C1, line separators and bidi controls. */
class ControlEscapesTest {

  @Test
  void everyKindOfControlCharacterIsEscapedAndTheRestKept() {
    String text = "a\u0000b\u001bc\u007fd\u0085e\u009bf\u2028g\u2029h\u202ei\u2066j\u200fk\rl\tm\nn";

    assertThat(ControlEscapes.escape(text, "\n"))
        .isEqualTo("a\\u0000b\\u001bc\\u007fd\\u0085e\\u009bf\\u2028g\\u2029h\\u202ei\\u2066j"
            + "\\u200fk\\u000dl\\u0009m\nn");
    assertThat(ControlEscapes.escape(text, "\n\t")).contains("l\tm\nn");
    assertThat(ControlEscapes.escape(text)).endsWith("\\u0009m\\u000an");
    assertThat(ControlEscapes.escape("café 新能源 😀 \\e")).isEqualTo("café 新能源 😀 \\e");
  }

  @Test
  void aJsonAnswerStaysTheSameJsonValue() {
    ObjectNode answer = Json.MAPPER.createObjectNode();
    answer.putObject("error").put("code", "USAGE").put("message", "bad \u001b[2J \u0085 \u2028 \u202e");
    String text = Json.MAPPER.writeValueAsString(answer);

    String escaped = ControlEscapes.escape(text, "\n");

    assertThat(escaped).doesNotContain("\u0085", "\u2028", "\u202e");
    assertThat(Json.MAPPER.readTree(escaped)).isEqualTo(answer);
  }
}
