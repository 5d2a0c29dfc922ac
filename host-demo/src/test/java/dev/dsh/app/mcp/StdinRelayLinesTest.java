package dev.dsh.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.serve.mcp.CallSignals;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The client's input cut into lines, each held only up to the limit. */
class StdinRelayLinesTest {

  @Test
  void linesEndAtLineFeedCarriageReturnOrBothAndEmptyLinesAreSkipped() throws Exception {
    StdinRelay lines = relay(text("a\nb\r\nc\rd\n\n\r\ne"), 16);

    assertThat(texts(lines)).containsExactly("a", "b", "c", "d", "e");
  }

  @Test
  void aLineOverTheLimitIsReadToItsEndHoldingOnlyTheLimit() throws Exception {
    int limit = 1024;
    long huge = 64L * 1024 * 1024;
    StdinRelay lines =
        relay(new SequenceInputStream(new Repeated('x', huge), text("\n{\"next\":1}\n")), limit);

    assertThat(lines.next()).as("complete").isFalse();
    assertThat(lines.length).isEqualTo(limit);
    assertThat(lines.line.length).as("the buffer never grew past the limit").isLessThanOrEqualTo(limit);
    assertThat(new String(lines.line, 0, lines.length, StandardCharsets.UTF_8)).isEqualTo("x".repeat(limit));
    assertThat(texts(lines)).containsExactly("{\"next\":1}");
  }

  @Test
  void aLineOfExactlyTheLimitIsComplete() throws Exception {
    StdinRelay lines = relay(text("12345678\n123456789\n"), 8);

    assertThat(lines.next()).as("complete").isTrue();
    assertThat(lines.length).isEqualTo(8);
    assertThat(lines.next()).as("complete").isFalse();
    lines.next();
    assertThat(lines.length).as("the end of input").isEqualTo(-1);
  }

  private static List<String> texts(StdinRelay lines) throws Exception {
    List<String> texts = new ArrayList<>();
    for (boolean complete = lines.next(); lines.length >= 0; complete = lines.next()) {
      assertThat(complete).isTrue();
      texts.add(new String(lines.line, 0, lines.length, StandardCharsets.UTF_8));
    }
    return texts;
  }

  private static StdinRelay relay(InputStream in, int limit) throws Exception {
    return new StdinRelay(in, limit, OutputStream.nullOutputStream(), System.err, new CallSignals(AbortSignal.never()));
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
