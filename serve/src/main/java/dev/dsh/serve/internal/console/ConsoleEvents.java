package dev.dsh.serve.internal.console;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.SearchRecord;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's event list: the last {@link #KEPT} lifecycle, reload and search events, and the
 * open {@code /api/events} streams they go to. One thread ({@code dsh-console-events}) owns the
 * ring and the streams: the host's listeners only hand it work, so they never block. Each event
 * has a text for scripts and its fields under its kind's name, for the page to word in its own
 * language; URLs' user-info is redacted, as the CLI's lines do; no event carries a config value.
 */
final class ConsoleEvents implements ActivityListener, AutoCloseable {

  static final int KEPT = 200;
  static final int MAX_STREAMS = 32;
  /** Under the connector's idle timeout, so an open stream is never closed for silence. */
  static final Duration HEARTBEAT = Duration.ofSeconds(15);

  private static final JsonMapper JSON = JsonMapper.builder().build();

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
  // owned by the thread
  private final ArrayDeque<Kept> ring = new ArrayDeque<>();
  private final List<EventStream> streams = new ArrayList<>();
  private long lastId;

  ConsoleEvents(Clock clock) {
    this.clock = clock;
    long beat = HEARTBEAT.toMillis();
    owner.scheduleAtFixedRate(() -> List.copyOf(streams).forEach(s -> s.send(": beat\n\n")),
        beat, beat, TimeUnit.MILLISECONDS);
  }

  @Override
  public void searchEnded(SearchRecord search) {
    String query = UrlUserInfo.redact(search.query());
    ObjectNode detail = JSON.createObjectNode().put("query", query)
        .put("provider", search.provider().orElse(null)).put("outcome", search.outcome().label())
        .put("code", search.code().orElse(null)).put("durationMs", search.duration().toMillis());
    add("search", "search \"" + query + "\"" + search.provider().map(p -> " via " + p).orElse("")
        + ": " + search.outcome().label() + search.code().map(c -> " " + c).orElse("") + " in "
        + search.duration().toMillis() + " ms", detail);
  }

  @Override
  public void reloaded(List<String> problems) {
    add("reload", problems.isEmpty() ? "reloaded" : "reloaded: " + String.join("; ", problems),
        JSON.createObjectNode().set("problems",
            JSON.valueToTree(problems.stream().map(UrlUserInfo::redact).toList())));
  }

  /** A scope's life-cycle event. */
  void lifecycle(LifecycleEvent event) {
    add("lifecycle", event.describe(), JSON.createObjectNode()
        .put("kind", event.kind().name().toLowerCase(Locale.ROOT)).put("scope", event.scopeId())
        .put("plugin", event.pluginName()).put("generation", event.generation())
        .put("error", event.errorLine().map(UrlUserInfo::redact).orElse(null)));
  }

  /**
   * Takes a stream past its admission ({@link #admit()}): it gets the kept events after {@code
   * after} (all when 0), then each new one.
   */
  void attach(EventStream stream, long after) {
    hop(() -> {
      ring.stream().filter(kept -> kept.id() > after).forEach(kept -> stream.send(kept.frame()));
      streams.add(stream);
    }, stream::end);
  }

  /** Whether one more stream may open; each admitted stream is let go by {@link #ended}. */
  boolean admit() {
    return open.getAndUpdate(n -> n < MAX_STREAMS ? n + 1 : n) < MAX_STREAMS;
  }

  /** A stream ended (once each, on the owner thread unless the log had closed). */
  void ended(EventStream stream) {
    streams.remove(stream);
    open.decrementAndGet();
  }

  /** The thread the streams run on. */
  ScheduledExecutorService owner() {
    return owner;
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
      ObjectNode event = JSON.createObjectNode().put("id", id)
          .put("time", clock.instant().toString()).put("kind", kind).put("text", line);
      event.set(kind, detail);
      Kept kept = new Kept(id, "id: " + id + "\ndata: " + JSON.writeValueAsString(event) + "\n\n");
      ring.add(kept);
      if (ring.size() > KEPT) {
        ring.poll();
      }
      List.copyOf(streams).forEach(stream -> stream.send(kept.frame()));
    }, () -> {});
  }

  private void hop(Runnable task, Runnable refused) {
    try {
      owner.execute(task);
    } catch (RejectedExecutionException e) {
      refused.run(); // closed: nothing more is kept or sent
    }
  }
}
