package dev.dsh.serve.internal.console;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.serve.internal.http.ApiReplies;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's events: the last {@value #KEPT} lifecycle, reload and search events, and the open
 * {@code /api/events} streams they go to. One thread ({@code dsh-console-events}) owns the ring
 * and the streams, so the host's listeners only hand it work and never block. An event has a text
 * for scripts and its fields under its kind's name, for the page to word in its language; URLs'
 * user-info is redacted, as the CLI's lines are; no event carries a config value.
 */
final class ConsoleEvents implements ActivityListener, AutoCloseable {

  static final int KEPT = 200;
  static final int MAX_STREAMS = 32;

  /** An event kept: its id and its SSE frame. */
  private record Kept(long id, String frame) {}

  private final ScheduledExecutorService owner = Executors.newSingleThreadScheduledExecutor(
      task -> {
        Thread thread = new Thread(task, "dsh-console-events");
        thread.setDaemon(true);
        return thread;
      });
  private final Clock clock;
  private final AtomicInteger open = new AtomicInteger();
  private final ArrayDeque<Kept> ring = new ArrayDeque<>(); // owned by the thread
  private final List<EventStream> streams = new ArrayList<>(); // owned by the thread
  private long lastId; // owned by the thread

  ConsoleEvents(Clock clock) {
    this.clock = clock;
    // A heartbeat under the connector's 30 s idle timeout: an open stream is never idle.
    owner.scheduleAtFixedRate(() -> List.copyOf(streams).forEach(s -> s.send(": beat\n\n")),
        15, 15, TimeUnit.SECONDS);
  }

  @Override
  public void searchEnded(SearchRecord search) {
    String query = UrlUserInfo.redact(search.query());
    add("search", "search \"" + query + "\"" + search.provider().map(p -> " via " + p).orElse("")
        + ": " + search.outcome().label() + search.code().map(c -> " " + c).orElse("") + " in "
        + search.duration().toMillis() + " ms", Json.MAPPER.createObjectNode().put("query", query)
        .put("provider", search.provider().orElse(null)).put("outcome", search.outcome().label())
        .put("code", search.code().orElse(null)).put("durationMs", search.duration().toMillis()));
  }

  @Override
  public void reloaded(List<String> problems) {
    add("reload", problems.isEmpty() ? "reloaded" : "reloaded: " + String.join("; ", problems),
        Json.MAPPER.createObjectNode().set("problems",
            Json.MAPPER.valueToTree(problems.stream().map(UrlUserInfo::redact).toList())));
  }

  void lifecycle(LifecycleEvent event) {
    add("lifecycle", event.describe(), Json.MAPPER.createObjectNode()
        .put("kind", event.kind().name().toLowerCase(Locale.ROOT)).put("scope", event.scopeId())
        .put("plugin", event.pluginName()).put("generation", event.generation())
        .put("error", event.errorLine().map(UrlUserInfo::redact).orElse(null)));
  }

  /**
   * {@code GET /api/events}: Server-Sent Events, the kept events after the {@code Last-Event-ID} a
   * reconnecting {@code EventSource} sends (all without one), then live ones, each {@code data:}
   * one JSON object with its {@code id:}. Held asynchronously: an open stream holds no thread.
   */
  void open(HttpServletRequest request, HttpServletResponse response, SessionGate sessions)
      throws IOException {
    if (!admit()) {
      response.setHeader("Retry-After", "10");
      ApiReplies.error(response, 503, "TOO_MANY_STREAMS", "the server holds " + MAX_STREAMS
          + " event streams already: close a console tab");
      return;
    }
    response.setContentType("text/event-stream");
    response.setCharacterEncoding("utf-8");
    response.setHeader("Cache-Control", "no-store");
    AsyncContext async = request.startAsync();
    async.setTimeout(0); // open until the client leaves or the server closes
    // A session's stream ends once the session does; a bearer token's lives on.
    EventStream stream = new EventStream(async, response.getOutputStream(), this,
        request.getAttribute(SessionGate.SESSION) instanceof SessionGate.Session session
            ? () -> sessions.use(session.id(), false).isPresent() : () -> true);
    response.getOutputStream().setWriteListener(stream);
    String last = String.valueOf(request.getHeader("Last-Event-ID")).strip();
    attach(stream, last.matches("\\d{1,18}") ? Long.parseLong(last) : 0);
  }

  /** Takes an admitted stream: the kept events after {@code after} (all for 0), then each new one. */
  void attach(EventStream stream, long after) {
    hop(() -> {
      ring.stream().filter(kept -> kept.id() > after).forEach(kept -> stream.send(kept.frame()));
      streams.add(stream);
    }, stream::end);
  }

  /** Whether one more stream may open; each admitted one is let go by {@link #ended}. */
  boolean admit() {
    return open.getAndUpdate(n -> n < MAX_STREAMS ? n + 1 : n) < MAX_STREAMS;
  }

  /** A stream ended: once each, on the owner thread unless it had closed. */
  void ended(EventStream stream) {
    streams.remove(stream);
    open.decrementAndGet();
  }

  /** Runs {@code task} on the owner thread, or {@code refused} once it has closed. */
  void hop(Runnable task, Runnable refused) {
    try {
      owner.execute(task);
    } catch (RejectedExecutionException e) {
      refused.run();
    }
  }

  /** Ends every stream and the thread. */
  @Override
  public void close() {
    hop(() -> List.copyOf(streams).forEach(EventStream::end), () -> {});
    owner.shutdown();
    try {
      owner.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Keeps and sends an event: its {@code text}, and its {@code detail} under {@code kind}. */
  private void add(String kind, String text, ObjectNode detail) {
    String line = UrlUserInfo.redact(text);
    hop(() -> {
      long id = ++lastId;
      ObjectNode event = Json.MAPPER.createObjectNode().put("id", id)
          .put("time", clock.instant().toString()).put("kind", kind).put("text", line);
      event.set(kind, detail);
      Kept kept = new Kept(id, "id: " + id + "\ndata: " + Json.MAPPER.writeValueAsString(event)
          + "\n\n");
      ring.add(kept);
      if (ring.size() > KEPT) {
        ring.poll();
      }
      List.copyOf(streams).forEach(stream -> stream.send(kept.frame()));
    }, () -> {});
  }
}
