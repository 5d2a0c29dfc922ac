package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Input cut into lines, each held only up to the limit: {@code dsh run}'s and {@code dsh mcp}'s. */
class InputLinesTest {

  @Test
  void runLinesEndAtLineFeedDropACarriageReturnAndKeepEmptyAndLastLines() throws IOException {
    assertThat(texts(new InputLines(text("status\r\n\nsearch q\na\rb\nquit"), 16, false)))
        .containsExactly("status", "", "search q", "a\rb", "quit");
    assertThat(texts(new InputLines(text(""), 16, false))).isEmpty();
  }

  @Test
  void messageLinesEndAtLineFeedCarriageReturnOrBothAndEmptyLinesAreSkipped() throws IOException {
    assertThat(texts(new InputLines(text("a\nb\r\nc\rd\n\n\r\ne"), 16, true)))
        .containsExactly("a", "b", "c", "d", "e");
  }

  @Test
  void aLineOverTheLimitIsReadToItsEndHoldingOnlyTheLimitAndCountedWhole() throws IOException {
    int limit = 1024;
    long huge = 64L * 1024 * 1024;
    InputLines lines = new InputLines(
        new SequenceInputStream(new Repeated('x', huge), text("\n{\"next\":1}\n")), limit, true);

    InputLines.Line line = lines.next();
    assertThat(line.complete()).isFalse();
    assertThat(line.length()).isEqualTo(limit);
    assertThat(line.size()).isEqualTo(huge);
    assertThat(line.bytes().length).as("the buffer never grew past the limit")
        .isLessThanOrEqualTo(limit);
    assertThat(line.text()).isEqualTo("x".repeat(limit));
    assertThat(texts(lines)).containsExactly("{\"next\":1}");
  }

  @Test
  void aLineOfExactlyTheLimitIsComplete() throws IOException {
    InputLines lines = new InputLines(text("12345678\n123456789\n"), 8, false);

    InputLines.Line exact = lines.next();
    assertThat(exact.complete()).isTrue();
    assertThat(exact.length()).isEqualTo(8);
    InputLines.Line over = lines.next();
    assertThat(over.complete()).isFalse();
    assertThat(over.size()).isEqualTo(9);
    assertThat(lines.next()).as("the end of input").isNull();
  }

  @Test
  void countsBytes() throws IOException {
    InputLines.Line line = new InputLines(text("héllo 😀\n"), 4, false).next();

    assertThat(line.complete()).isFalse();
    assertThat(line.size()).isEqualTo(11);
  }

  @Test
  void echoCutsLongTextWithoutSplittingACharacter() {
    assertThat(UsageException.echo("short")).isEqualTo("short");
    String emoji = "a".repeat(UsageException.ECHO_CHARS - 1) + "😀" + "b".repeat(10);
    assertThat(UsageException.echo(emoji))
        .isEqualTo("a".repeat(UsageException.ECHO_CHARS - 1) + "… (91 characters)");
  }

  private static List<String> texts(InputLines lines) throws IOException {
    List<String> texts = new ArrayList<>();
    for (InputLines.Line line = lines.next(); line != null; line = lines.next()) {
      assertThat(line.complete()).isTrue();
      texts.add(line.text());
    }
    return texts;
  }

  private static InputStream text(String text) {
    return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
  }

  /** {@code count} copies of one byte, made as they are read. */
  private static final class Repeated extends InputStream {
    private final int value;
    private long left;

    Repeated(int value, long count) {
      this.value = value;
      this.left = count;
    }

    @Override
    public int read() {
      if (left == 0) {
        return -1;
      }
      left--;
      return value;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) {
      if (left == 0) {
        return -1;
      }
      int n = (int) Math.min(length, left);
      Arrays.fill(buffer, offset, offset + n, (byte) value);
      left -= n;
      return n;
    }
  }
}
