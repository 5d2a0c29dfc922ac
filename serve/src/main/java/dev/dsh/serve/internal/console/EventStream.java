package dev.dsh.serve.internal.console;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.function.BooleanSupplier;

/**
 * One open {@code GET /api/events}: the frames not yet written, written without blocking as the
 * client takes them. Every method runs on the events' one thread (the container's callbacks hop
 * there), so nothing here is shared. A client {@value #MAX_PENDING} frames behind is dropped
 * rather than buffered without bound, and so is one whose session has ended (at its next frame:
 * a heartbeat comes every 15 s).
 */
final class EventStream implements WriteListener {

  static final int MAX_PENDING = 2 * ConsoleEvents.KEPT;

  private final AsyncContext async;
  private final ServletOutputStream out;
  private final ConsoleEvents events;
  private final BooleanSupplier signedIn;
  private final ArrayDeque<byte[]> pending = new ArrayDeque<>();
  private boolean unflushed;
  private boolean closed;

  EventStream(AsyncContext async, ServletOutputStream out, ConsoleEvents events,
      BooleanSupplier signedIn) {
    this.async = async;
    this.out = out;
    this.events = events;
    this.signedIn = signedIn;
  }

  /** Queues {@code frame} and writes what the client can take now. */
  void send(String frame) {
    if (!closed && (pending.size() >= MAX_PENDING || !signedIn.getAsBoolean())) {
      end();
    } else if (!closed) {
      pending.add(frame.getBytes(StandardCharsets.UTF_8));
      write();
    }
  }

  @Override
  public void onWritePossible() {
    events.hop(this::write, () -> {});
  }

  @Override
  public void onError(Throwable failure) {
    events.hop(this::end, () -> {});
  }

  /** Completes the response; its events forget the stream. */
  void end() {
    if (closed) {
      return;
    }
    closed = true;
    pending.clear();
    try {
      async.complete();
    } catch (IllegalStateException e) {
      // completed by the container already: the client went away
    }
    events.ended(this);
  }

  private void write() {
    try {
      while (!closed && out.isReady()) {
        byte[] next = pending.poll();
        if (next != null) {
          out.write(next);
          unflushed = true;
        } else if (!unflushed) {
          return;
        } else {
          unflushed = false;
          out.flush();
        }
      }
    } catch (IOException | IllegalStateException e) {
      end();
    }
  }
}
