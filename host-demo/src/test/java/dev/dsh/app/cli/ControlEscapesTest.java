package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.serve.DshServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/** Control characters leave dsh escaped: C0, DEL, C1, line separators and bidi controls. */
class ControlEscapesTest {

  @Test
  void everyKindOfControlCharacterIsEscapedAndTheRestKept() {
    String text = "a\u0000b\u001bc\u007fd\u0085e\u009bf\u2028g\u2029h\u202ei\u2066j\u200fk\rl\tm\nn";

    assertThat(ControlEscapes.escape(text, ControlEscapes.LINE_FEED))
        .isEqualTo("a\\u0000b\\u001bc\\u007fd\\u0085e\\u009bf\\u2028g\\u2029h\\u202ei\\u2066j"
            + "\\u200fk\\u000dl\\u0009m\nn");
    assertThat(ControlEscapes.escape(text, ControlEscapes.LINE_FEED_AND_TAB)).contains("l\tm\nn");
    assertThat(ControlEscapes.escape("café 新能源 😀 \\e", ControlEscapes.LINE_FEED))
        .isEqualTo("café 新能源 😀 \\e");
  }

  @Test
  void aJsonAnswerStaysTheSameJsonValue() {
    JsonMapper json = JsonMapper.builder().build();
    ObjectNode answer = json.createObjectNode();
    answer.putObject("error").put("code", "USAGE").put("message", "bad \u001b[2J \u0085 \u2028 \u202e");
    String text = json.writeValueAsString(answer);

    String escaped = ControlEscapes.escape(text, ControlEscapes.LINE_FEED);

    assertThat(escaped).doesNotContain("\u0085", "\u2028", "\u202e");
    assertThat(json.readTree(escaped)).isEqualTo(answer);
  }

  @Test
  void theStderrStreamEscapesWhatEverPrintsThroughItEvenACharacterSplitAcrossWrites() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream target = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    PrintStream err = EscapedStream.around(target, ControlEscapes.LINE_FEED_AND_TAB);

    err.println("dsh: was \"\u001b]0;pwned\u0007\"");
    err.print("\tat x\n");
    byte[] c1AndHan = "\u009b新".getBytes(StandardCharsets.UTF_8);
    for (byte b : c1AndHan) {
      err.write(b); // one byte at a time: the decoder must keep the partial characters
    }
    err.write(new byte[] {(byte) 0xff}, 0, 1); // not UTF-8: replaced, never passed on raw
    err.flush();

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo("dsh: was \"\\u001b]0;pwned\\u0007\"\n\tat x\n\\u009b新\ufffd");
  }

  @Test
  void theConsoleEscapesExactlyWhatTheTerminalDoes() throws IOException {
    // The console's search page shows a provider's text by dom.js's CONTROLS, a character class of
    // escapes and ranges that reads the same as a Java regular expression.
    String dom;
    try (InputStream in = DshServer.class.getResourceAsStream("/dev/dsh/serve/console/dom.js")) {
      dom = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    Matcher declared = Pattern.compile("const CONTROLS = /(\\[[^\\]]+\\])/g;").matcher(dom);
    assertThat(declared.find()).as("dom.js declares CONTROLS").isTrue();
    Pattern console = Pattern.compile(declared.group(1));

    List<String> differ = new ArrayList<>();
    for (int c = 0; c <= Character.MAX_VALUE; c++) {
      String one = String.valueOf((char) c);
      if (console.matcher(one).matches() != ControlEscapes.isControl((char) c)) {
        differ.add(String.format("U+%04X", c));
      }
    }
    assertThat(differ).isEmpty();
  }
}
