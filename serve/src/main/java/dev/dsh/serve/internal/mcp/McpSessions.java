package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.CallSignals;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.jspecify.annotations.Nullable;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

/**
 * The MCP sessions open: at most {@code cap}, each expiring once unused for {@code idle}. An ended
 * id is answered 404 here, so the SDK's copy gets no more requests and its own sweep frees it.
 */
final class McpSessions implements AutoCloseable {

  private final ConcurrentHashMap<String, Use> open = new ConcurrentHashMap<>();
  private final AtomicInteger starting = new AtomicInteger();
  private final int cap;
  private final Duration idle;
  private final CallSignals calls;
  private final LongSupplier clock;
  private final Scheduler sweeper = Schedulers.newSingle("dsh-mcp-sessions", true);

  McpSessions(int cap, Duration idle, CallSignals calls, LongSupplier clock) {
    this.cap = cap;
    this.idle = idle;
    this.calls = calls;
    this.clock = clock;
    // a quarter of the idle time: a session ends at most a quarter late
    long period = Math.max(10, Math.min(idle.toMillis() / 4, 30_000));
    sweeper.schedulePeriodically(this::expire, period, period, TimeUnit.MILLISECONDS);
  }

  static String key(String session, String id) {
    return session + " " + id;
  }

  /** Room for one more session, held until {@link #started}; false at the cap. */
  boolean reserve() {
    // counted twice for a moment rather than not at all: a race refuses, never exceeds the cap
    if (starting.incrementAndGet() + open.size() > cap) {
      starting.decrementAndGet();
      return false;
    }
    return true;
  }

  /** The initialize {@link #reserve() reserved} ended, opening {@code session} if not null. */
  void started(@Nullable String session) {
    if (session != null) {
      open.put(session, new Use(0, clock.getAsLong()));
    }
    starting.decrementAndGet();
  }

  private record Use(long requests, long lastUsed) {}

  /** A request of {@code session} begins (+1) or ends (-1); false when the session is not open. */
  boolean use(String session, int requests) {
    return open.computeIfPresent(session, (id, use) ->
        new Use(use.requests() + requests, clock.getAsLong())) != null;
  }

  void closed(String session) {
    if (open.remove(session) != null) {
      calls.abortAll(key(session, ""));
    }
  }

  String full() {
    return "Server busy: " + cap + " MCP sessions are open, the most this server allows; end"
        + " unused ones (DELETE /mcp with their Mcp-Session-Id), let idle ones expire (after "
        + idleText() + " unused), or raise the cap with --max-sessions";
  }

  String notFound() {
    return "Session not found: it expired (unused for " + idleText()
        + ") or was ended; initialize a new session";
  }

  private String idleText() {
    long millis = idle.toMillis();
    return millis % 60_000 == 0 ? millis / 60_000 + " min"
        : millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
  }

  void expire() {
    long now = clock.getAsLong();
    for (String session : List.copyOf(open.keySet())) {
      if (open.computeIfPresent(session, (id, use) ->
          use.requests() == 0 && now - use.lastUsed() >= idle.toNanos() ? null : use) == null) {
        // a call the client cancelled may still be ending
        calls.abortAll(key(session, ""));
      }
    }
  }

  @Override
  public void close() {
    sweeper.dispose();
  }
}
