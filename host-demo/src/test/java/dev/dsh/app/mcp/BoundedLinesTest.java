package dev.dsh.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client's input cut into lines, each held only up to the limit. */
class BoundedLinesTest {

  @Test
  void linesEndAtLineFeedCarriageReturnOrBothAndEmptyLinesAreSkipped() throws Exception {
    BoundedLines lines = new BoundedLines(text("a\nb\r\nc\rd\n\n\r\ne"), 16);

    assertThat(texts(lines)).containsExactly("a", "b", "c", "d", "e");
  }

  @Test
  void aLineOverTheLimitIsReadToItsEndHoldingOnlyTheLimit() throws Exception {
    int limit = 1024;
    long huge = 64L * 1024 * 1024;
    BoundedLines lines =
        new BoundedLines(new SequenceInputStream(new Repeated('x', huge), text("\n{\"next\":1}\n")), limit);

    BoundedLines.Line over = lines.next();
    assertThat(over.complete()).isFalse();
    assertThat(over.length()).isEqualTo(limit);
    assertThat(over.bytes().length).as("the buffer never grew past the limit").isLessThanOrEqualTo(limit);
    assertThat(new String(over.bytes(), 0, over.length(), StandardCharsets.UTF_8)).isEqualTo("x".repeat(limit));
    assertThat(texts(lines)).containsExactly("{\"next\":1}");
  }

  @Test
  void aLineOfExactlyTheLimitIsComplete() throws Exception {
    BoundedLines lines = new BoundedLines(text("12345678\n123456789\n"), 8);

    BoundedLines.Line exact = lines.next();
    BoundedLines.Line over = lines.next();
    assertThat(exact.complete()).isTrue();
    assertThat(exact.length()).isEqualTo(8);
    assertThat(over.complete()).isFalse();
    assertThat(lines.next()).isNull();
  }

  private static List<String> texts(BoundedLines lines) throws Exception {
    List<String> texts = new ArrayList<>();
    for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
      assertThat(line.complete()).isTrue();
      texts.add(new String(line.bytes(), 0, line.length(), StandardCharsets.UTF_8));
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
      java.util.Arrays.fill(buffer, offset, offset + n, (byte) value);
      left -= n;
      return n;
    }
  }
}
