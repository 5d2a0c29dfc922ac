package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class InputLinesTest {

  @Test
  void splitsOnLineEndsDropsACarriageReturnAndKeepsALastLineWithoutAnEnd() throws IOException {
    assertThat(read("status\r\n\nsearch q\nquit")).containsExactly(
        new InputLines.Line("status", 6),
        new InputLines.Line("", 0),
        new InputLines.Line("search q", 8),
        new InputLines.Line("quit", 4));
    assertThat(read("")).isEmpty();
  }

  @Test
  void keepsAtMostTheCapOfALongLineAndCountsItWhole() throws IOException {
    List<InputLines.Line> lines = read("x".repeat(InputLines.MAX_CHARS * 3) + "\nstatus\n");

    assertThat(lines).hasSize(2);
    assertThat(lines.get(0).text()).hasSize(InputLines.MAX_CHARS);
    assertThat(lines.get(0).length()).isEqualTo(InputLines.MAX_CHARS * 3L);
    assertThat(lines.get(0).tooLong()).isTrue();
    assertThat(lines.get(1)).isEqualTo(new InputLines.Line("status", 6));
  }

  @Test
  void echoCutsLongTextWithoutSplittingACharacter() {
    assertThat(UsageException.echo("short")).isEqualTo("short");
    String emoji = "a".repeat(UsageException.ECHO_CHARS - 1) + "😀" + "b".repeat(10);
    assertThat(UsageException.echo(emoji))
        .isEqualTo("a".repeat(UsageException.ECHO_CHARS - 1) + "… (91 characters)");
  }

  private static List<InputLines.Line> read(String input) throws IOException {
    InputLines lines = new InputLines(new StringReader(input));
    List<InputLines.Line> all = new ArrayList<>();
    for (InputLines.Line line = lines.next(); line != null; line = lines.next()) {
      all.add(line);
    }
    return all;
  }
}
