package dev.dsh.app.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A print stream whose text reaches another with its control characters escaped ({@link
 * ControlEscapes}): wrapped around stderr once, it covers every message printed there, picocli's
 * own usage errors included, whoever prints them; around a one-shot command's stdout, every result
 * and {@code Error:} line it prints.
 *
 * <p>What is printed is encoded as UTF-8, decoded back here (the JDK's decoder keeps a character
 * split across two writes) and printed to the target as text, so the target's own charset still
 * decides the bytes.
 */
final class EscapedStream extends OutputStream {

  private final PrintStream target;
  private final String kept;
  private final CharsetDecoder decoder =
      StandardCharsets.UTF_8.newDecoder()
          .onMalformedInput(CodingErrorAction.REPLACE)
          .onUnmappableCharacter(CodingErrorAction.REPLACE);
  /** The bytes of a character the last write ended inside of (at most three). */
  private final ByteBuffer partial = ByteBuffer.allocate(8);
  private final CharBuffer chars = CharBuffer.allocate(4096);

  private EscapedStream(PrintStream target, String kept) {
    this.target = target;
    this.kept = kept;
  }

  /**
   * A print stream (UTF-8, flushing on every line) that prints to {@code target} with every control
   * character but those in {@code kept} escaped.
   */
  static PrintStream around(PrintStream target, String kept) {
    return new PrintStream(new EscapedStream(target, kept), true, StandardCharsets.UTF_8);
  }

  @Override
  public void write(int b) {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) {
    ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
    while (partial.position() > 0 && in.hasRemaining()) {
      // Finish the split character first, one byte at a time: it needs at most three more.
      partial.put(in.get()).flip();
      decode(partial);
      partial.compact();
    }
    decode(in);
    partial.put(in); // what is left is the start of a character the next write finishes
    target.flush();
  }

  @Override
  public void flush() {
    target.flush();
  }

  private void decode(ByteBuffer in) {
    while (true) {
      boolean full = decoder.decode(in, chars, false).isOverflow();
      chars.flip();
      target.print(ControlEscapes.escape(chars, kept));
      chars.clear();
      if (!full) {
        return;
      }
    }
  }
}
