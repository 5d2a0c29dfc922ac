package dev.dsh.api.testing;

/**
 * Where a {@link SearchProStub}'s answers wait while the test holds them: open, held until
 * released one by one or all at once; closed (nothing more passes) when the stub closes, and
 * opened again if it restarts.
 */
final class StubGate {

  private boolean holding;
  private boolean closed;
  private int permits;
  private int waiting;
  private int maxWaiting;
  private int passed;

  synchronized void hold() {
    holding = true;
  }

  synchronized void releaseAll() {
    holding = false;
    notifyAll();
  }

  synchronized void releaseOne() {
    permits++;
    notifyAll();
  }

  synchronized void close() {
    closed = true;
    notifyAll();
  }

  synchronized void open() {
    closed = false;
    holding = false;
    permits = 0;
  }

  /** Waits while held; false if the stub closed meanwhile (nothing is to be answered). */
  synchronized boolean pass() throws InterruptedException {
    waiting++;
    maxWaiting = Math.max(maxWaiting, waiting);
    try {
      while (holding && permits == 0 && !closed) {
        wait();
      }
      if (closed) {
        return false;
      }
      if (holding) {
        permits--;
      }
      passed++;
      return true;
    } finally {
      waiting--;
    }
  }

  synchronized int waiting() {
    return waiting;
  }

  synchronized int maxWaiting() {
    return maxWaiting;
  }

  synchronized int passed() {
    return passed;
  }
}
