package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.CallSignals;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The MCP sessions this server has open, as the filter sees them: at most {@code cap}, each
 * expiring once it has been unused for {@code idle} (no request in flight, none for that long).
 *
 * <p>The SDK holds the sessions themselves and answers their requests; this decides which session
 * ids reach it. An expired or closed id is answered {@code 404} here (the spec's "session ended:
 * start a new one"), so the SDK's copy gets no more requests and its own sweep, run every {@code
 * idle}, frees it. Each session's uses are changed only inside the map's {@code compute}, one
 * session at a time; one scheduled thread expires them.
 */
final class McpSessions implements AutoCloseable {

  /** How often the sweep looks for expired sessions: a quarter of the idle time, at most 30 s. */
  private static final long MAX_SWEEP_MILLIS = 30_000;

  private final ConcurrentHashMap<String, Use> open = new ConcurrentHashMap<>();
  private final AtomicInteger starting = new AtomicInteger();
  private final int cap;
  private final Duration idle;
  private final CallSignals calls;
  private final ScheduledExecutorService sweeper;

  /** A session's requests in flight and when it was last used; changed under the map's lock. */
  private static final class Use {
    int requests;
    long lastUsed = System.nanoTime();
  }

  McpSessions(int cap, Duration idle, CallSignals calls) {
    this.cap = cap;
    this.idle = idle;
    this.calls = calls;
    this.sweeper =
        Executors.newSingleThreadScheduledExecutor(
            task -> {
              Thread thread = new Thread(task, "dsh-mcp-sessions");
              thread.setDaemon(true);
              return thread;
            });
    long period = Math.max(10, Math.min(idle.toMillis() / 4, MAX_SWEEP_MILLIS));
    sweeper.scheduleWithFixedDelay(this::expire, period, period, TimeUnit.MILLISECONDS);
  }

  /** The call key of request {@code id} of {@code session}. */
  static String key(String session, JsonNode id) {
    return session + " " + id;
  }

  /** The call key of the request whose id is the JSON text {@code id}. */
  static String key(String session, String id) {
    return session + " " + id;
  }

  /** Room for one more session, taken until {@link #started}; false at the cap. */
  boolean reserve() {
    // counted twice for a moment rather than not at all: a race refuses, never goes over the cap
    if (starting.incrementAndGet() + open.size() > cap) {
      starting.decrementAndGet();
      return false;
    }
    return true;
  }

  /** The initialize that {@link #reserve() reserved} ended, opening {@code session} if not null. */
  void started(@Nullable String session) {
    if (session != null) {
      open.put(session, new Use());
    }
    starting.decrementAndGet();
  }

  /** A request of {@code session} begins; false when the session is not open (expired, closed). */
  boolean begin(String session) {
    return open.computeIfPresent(session, (id, use) -> {
      use.requests++;
      use.lastUsed = System.nanoTime();
      return use;
    }) != null;
  }

  /** A request of {@code session} has ended. */
  void end(String session) {
    open.computeIfPresent(session, (id, use) -> {
      use.requests--;
      use.lastUsed = System.nanoTime();
      return use;
    });
  }

  /** {@code session} has ended (its client deleted it, or the SDK no longer has it). */
  void closed(String session) {
    if (open.remove(session) != null) {
      calls.abortAll(session + " ");
    }
  }

  /** How many sessions are open. */
  int size() {
    return open.size();
  }

  int cap() {
    return cap;
  }

  /** The idle time as a person writes it: {@code 30 min}, {@code 1 s}, {@code 250 ms}. */
  String idleText() {
    if (idle.toMillis() % 60_000 == 0) {
      return idle.toMinutes() + " min";
    }
    return idle.toMillis() % 1000 == 0 ? idle.toSeconds() + " s" : idle.toMillis() + " ms";
  }

  private void expire() {
    long now = System.nanoTime();
    for (String session : List.copyOf(open.keySet())) {
      boolean[] expired = {false};
      open.computeIfPresent(session, (id, use) -> {
        expired[0] = use.requests == 0 && now - use.lastUsed >= idle.toNanos();
        return expired[0] ? null : use;
      });
      if (expired[0]) {
        // a call the client cancelled may still be ending
        calls.abortAll(session + " ");
      }
    }
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
  }
}
