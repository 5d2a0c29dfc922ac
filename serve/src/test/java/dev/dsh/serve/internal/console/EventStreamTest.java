package dev.dsh.serve.internal.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.model.LifecycleEvent;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A client that takes what is written keeps its stream; one that stops taking is dropped; what an
 * event holds.
 */
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
    try (ConsoleEvents events = new ConsoleEvents(Clock.systemUTC(), null)) {
      ConsoleEvents.Stream stream = events.new Stream(counting(completions), out, () -> true);

      for (int i = 0; i < ConsoleEvents.MAX_PENDING * 2; i++) {
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
    try (ConsoleEvents events = new ConsoleEvents(Clock.systemUTC(), null)) {
      ConsoleEvents.Stream stream = events.new Stream(counting(completions), out, () -> true);
      out.ready = false;

      for (int i = 0; i < ConsoleEvents.MAX_PENDING; i++) {
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

  @Test
  void anEventHasItsFieldsUnderItsKindForThePageAndItsTextForScriptsEachRedacted()
      throws Exception {
    Output out = new Output();
    try (ConsoleEvents events = new ConsoleEvents(Clock.systemUTC(), null)) {
      events.lifecycle(new LifecycleEvent(LifecycleEvent.Kind.FAILED, "root/web", "web", 3,
          new IllegalStateException("cannot reach\n  http://ann:pw@example.com/x")));
      events.reloaded(List.of("row web failed", "see http://ann:pw@example.com/"));
      events.attach(events.new Stream(counting(new AtomicInteger()), out, () -> true), 0);
      long end = System.nanoTime() + 10_000_000_000L;
      while (out.taken.toString(StandardCharsets.UTF_8).split("data: ").length < 3) {
        assertThat(System.nanoTime()).as("both frames written").isLessThan(end);
        Thread.sleep(10);
      }
    }
    List<JsonNode> sent = Stream.of(out.taken.toString(StandardCharsets.UTF_8).split("\n"))
        .filter(line -> line.startsWith("data: "))
        .map(line -> JsonMapper.shared().readTree(line.substring(6))).toList();

    assertThat(sent.get(0).path("text").asString()).isEqualTo("failed root/web (web) generation"
        + " 3: cannot reach http://<redacted>@example.com/x");
    assertThat(sent.get(0).path("lifecycle")).isEqualTo(JsonMapper.shared().readTree("""
        {"kind": "failed", "scope": "root/web", "plugin": "web", "generation": 3,
         "error": "cannot reach http://<redacted>@example.com/x"}"""));
    assertThat(sent.get(1).path("text").asString())
        .isEqualTo("reloaded: row web failed; see http://<redacted>@example.com/");
    assertThat(sent.get(1).path("reload")).isEqualTo(JsonMapper.shared().readTree("""
        {"problems": ["row web failed", "see http://<redacted>@example.com/"]}"""));
  }
}
