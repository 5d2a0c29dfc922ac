package dev.dsh.app.cli;

import dev.dsh.host.json.ControlEscapes;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * Stderr with control characters escaped ({@link ControlEscapes}) but line ends and tabs (a {@code
 * --verbose} stack trace is indented with them); decoded as UTF-8, so the target decides bytes.
 */
final class EscapedStream extends OutputStream {

  private final PrintStream target;
  private final CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
      .onMalformedInput(CodingErrorAction.REPLACE)
      .onUnmappableCharacter(CodingErrorAction.REPLACE);
  private final ByteBuffer partial = ByteBuffer.allocate(8);
  private final CharBuffer chars = CharBuffer.allocate(4096);

  private EscapedStream(PrintStream target) {
    this.target = target;
  }

  static PrintStream around(PrintStream target) {
    return new PrintStream(new EscapedStream(target), true, StandardCharsets.UTF_8);
  }

  @Override
  public void write(int b) {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) {
    ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
    while (partial.position() > 0 && in.hasRemaining()) {
      // The split character first, one byte at a time: it needs at most three more.
      partial.put(in.get()).flip();
      decode(partial);
      partial.compact();
    }
    decode(in);
    partial.put(in); // the start of a character the next write finishes
    target.flush();
  }

  @Override
  public void flush() {
    target.flush();
  }

  private void decode(ByteBuffer in) {
    boolean full;
    do {
      full = decoder.decode(in, chars, false).isOverflow();
      target.print(ControlEscapes.escape(chars.flip(), "\n\t"));
      chars.clear();
    } while (full);
  }
}
