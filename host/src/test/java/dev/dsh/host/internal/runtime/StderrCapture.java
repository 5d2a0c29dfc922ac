package dev.dsh.host.internal.runtime;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** Captures what is written to {@code System.err} (where slf4j-simple logs) while open. */
final class StderrCapture implements AutoCloseable {

  private final PrintStream original = System.err;
  private final ByteArrayOutputStream buffer = new ByteArrayOutputStream();

  StderrCapture() {
    System.setErr(new PrintStream(buffer, true, StandardCharsets.UTF_8));
  }

  String text() {
    System.err.flush();
    return buffer.toString(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    System.setErr(original);
  }
}
