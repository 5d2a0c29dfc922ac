package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.json.ControlEscapes;
import dev.dsh.serve.DshServer;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The console escapes the host's one set of control characters. */
class ControlEscapesTest {

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
