package dev.dsh.app.cli;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/** Reads lines, holding at most {@code limit} bytes of each: no line can fill the heap. */
public final class InputLines {

  private static final int CHUNK = 64 * 1024;
  // A buffer grown by one big line is dropped afterwards rather than kept for the whole session.
  private static final int KEPT_CAPACITY = 1 << 20;

  /** A line: its first {@code length} bytes, in a buffer the next reuses, and its {@code size}. */
  public record Line(byte[] bytes, int length, long size, boolean complete) {
    public String text() {
      return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
  }

  private final InputStream in;
  private final int limit;
  private final boolean messages;
  private final byte[] chunk = new byte[CHUNK];
  private int position;
  private int end;
  private byte[] line = new byte[64];

  /**
   * With {@code messages} ({@code dsh mcp}), a carriage return ends a line too and empty lines are
   * skipped; else a carriage return before the line feed is dropped, and an empty line counts.
   */
  public InputLines(InputStream in, int limit, boolean messages) {
    this.in = in;
    this.limit = limit;
    this.messages = messages;
  }

  /** The next line, read to its end however long; null at the end of input. */
  public @Nullable Line next() throws IOException {
    if (line.length > KEPT_CAPACITY) {
      line = new byte[64];
    }
    int length = 0;
    long size = 0;
    boolean over = false;
    while (true) {
      if (position == end) {
        int read = in.read(chunk);
        position = 0;
        end = Math.max(read, 0);
        if (read < 0) { // a last line without a line end still counts
          return over || length > 0 ? line(length, size, over) : null;
        }
      }
      int stop = position;
      while (stop < end && chunk[stop] != '\n' && (chunk[stop] != '\r' || !messages)) {
        stop++;
      }
      size += stop - position;
      int taken = Math.min(limit - length, stop - position);
      if (length + taken > line.length) {
        line = Arrays.copyOf(line, Math.min(limit, Math.max(line.length * 2, length + taken)));
      }
      System.arraycopy(chunk, position, line, length, taken);
      length += taken;
      over |= taken < stop - position;
      position = stop < end ? stop + 1 : stop;
      if (stop < end && (over || length > 0 || !messages)) {
        return line(length, size, over);
      }
    }
  }

  private Line line(int length, long size, boolean over) {
    boolean cr = !messages && !over && length > 0 && line[length - 1] == '\r';
    return cr ? new Line(line, length - 1, size - 1, true)
        : new Line(line, length, size, !over);
  }
}
