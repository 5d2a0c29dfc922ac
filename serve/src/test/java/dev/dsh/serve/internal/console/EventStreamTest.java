package dev.dsh.serve.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A client that takes what is written keeps its stream; one that stops taking is dropped. */
class EventStreamTest {

  /** An output that takes bytes only while {@code ready}. */
  private static final class Output extends ServletOutputStream {
    final ByteArrayOutputStream taken = new ByteArrayOutputStream();
    volatile boolean ready = true;

    @Override
    public boolean isReady() {
      return ready;
    }

    @Override
    public void setWriteListener(WriteListener listener) {}

    @Override
    public void write(int b) {
      taken.write(b);
    }
  }

  private static AsyncContext counting(AtomicInteger completions) {
    return (AsyncContext) Proxy.newProxyInstance(AsyncContext.class.getClassLoader(),
        new Class<?>[] {AsyncContext.class}, (proxy, method, args) -> {
          if (method.getName().equals("complete")) {
            completions.incrementAndGet();
          }
          return null;
        });
  }

  @Test
  void aClientThatTakesEveryFrameKeepsItsStream() {
    AtomicInteger completions = new AtomicInteger();
    Output out = new Output();
    try (ConsoleEvents events = new ConsoleEvents(Clock.systemUTC())) {
      EventStream stream = new EventStream(counting(completions), out, events);

      for (int i = 0; i < EventStream.MAX_PENDING * 2; i++) {
        stream.send("data: " + i + "\n\n");
      }

      assertThat(completions).hasValue(0);
      assertThat(out.taken.toString(StandardCharsets.UTF_8))
          .startsWith("data: 0\n\ndata: 1\n\n").endsWith("data: 799\n\n");
    }
  }

  @Test
  void aClientThatFallsTooFarBehindIsDroppedNotBufferedWithoutBound() {
    AtomicInteger completions = new AtomicInteger();
    Output out = new Output();
    try (ConsoleEvents events = new ConsoleEvents(Clock.systemUTC())) {
      EventStream stream = new EventStream(counting(completions), out, events);
      out.ready = false;

      for (int i = 0; i < EventStream.MAX_PENDING; i++) {
        stream.send("data: " + i + "\n\n");
      }
      assertThat(completions).as("still within its bound").hasValue(0);

      stream.send("data: one too many\n\n");
      out.ready = true;
      stream.onWritePossible();
      stream.send("data: after\n\n");

      assertThat(completions).hasValue(1);
      assertThat(out.taken.size()).isZero();
    }
  }
}
