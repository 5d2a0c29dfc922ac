package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.json.ControlEscapes;
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

/** The CLI and the console escape the host's one set of control characters. */
class ControlEscapesTest {

  @Test
  void theStderrStreamEscapesWhatEverPrintsThroughItEvenACharacterSplitAcrossWrites() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream target = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    PrintStream err = EscapedStream.around(target);

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
