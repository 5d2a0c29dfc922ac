package dev.dsh.app.mcp;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * The client's input as lines (ended by {@code \n}, {@code \r} or both, as {@link
 * java.io.BufferedReader#readLine} ends them) of at most {@code limit} bytes each.
 *
 * <p>A longer line is read on to its end in fixed-size chunks and discarded as it is read: only
 * its first {@code limit} bytes are kept, so a client cannot make the server hold a line of any
 * size. One thread reads; the buffer is reused from line to line.
 */
final class BoundedLines {

  /**
   * One line: its first {@code length} bytes in {@code bytes} (valid until the next {@link
   * #next()}), all of it when {@code complete}, else the first {@code limit} bytes of a longer
   * line.
   */
  record Line(byte[] bytes, int length, boolean complete) {}

  private static final int CHUNK = 64 * 1024;
  private static final int START_CAPACITY = 8 * 1024;
  // A buffer grown by one big line is dropped afterwards rather than kept for the whole session.
  private static final int KEPT_CAPACITY = 1 << 20;

  private final InputStream in;
  private final int limit;
  private final byte[] chunk = new byte[CHUNK];
  private int position;
  private int end;
  private byte[] line;
  private int length;

  BoundedLines(InputStream in, int limit) {
    this.in = in;
    this.limit = limit;
    this.line = new byte[Math.min(limit, START_CAPACITY)];
  }

  /** The next line that is not empty, or null at the end of input. */
  @Nullable Line next() throws IOException {
    if (line.length > KEPT_CAPACITY) {
      line = new byte[Math.min(limit, START_CAPACITY)];
    }
    length = 0;
    boolean over = false;
    while (true) {
      if (position == end) {
        int read = in.read(chunk);
        position = 0;
        end = Math.max(read, 0);
        if (read < 0) {
          return over || length > 0 ? new Line(line, length, !over) : null;
        }
      }
      int stop = position;
      while (stop < end && chunk[stop] != '\n' && chunk[stop] != '\r') {
        stop++;
      }
      over |= !keep(position, stop);
      position = stop;
      if (stop < end) {
        position++;
        if (over || length > 0) {
          return new Line(line, length, !over);
        }
      }
    }
  }

  /** Appends chunk[from, to) as far as the limit allows; false when some did not fit. */
  private boolean keep(int from, int to) {
    int room = limit - length;
    int taken = Math.min(room, to - from);
    if (length + taken > line.length) {
      line = Arrays.copyOf(line, Math.min(limit, Math.max(line.length * 2, length + taken)));
    }
    System.arraycopy(chunk, from, line, length, taken);
    length += taken;
    return taken == to - from;
  }
}
