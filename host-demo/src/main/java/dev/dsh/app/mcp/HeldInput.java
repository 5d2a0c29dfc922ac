package dev.dsh.app.mcp;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CountDownLatch;

/**
 * The SDK's input, whose end is held back until {@link #release()}: SDK 2.1.0's stdio transport
 * closes its session at end of input and drops every message not yet written, so the calls still
 * running when the client's input ends could not be answered.
 */
final class HeldInput extends FilterInputStream {

  private final CountDownLatch released = new CountDownLatch(1);

  HeldInput(InputStream in) {
    super(in);
  }

  @Override
  public int read() throws IOException {
    int b = super.read();
    return b < 0 ? heldEnd() : b;
  }

  @Override
  public int read(byte[] bytes, int offset, int length) throws IOException {
    int n = super.read(bytes, offset, length);
    return n < 0 ? heldEnd() : n;
  }

  /** Lets the end of input through to the SDK. */
  void release() {
    released.countDown();
  }

  private int heldEnd() {
    try {
      released.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return -1;
  }
}
