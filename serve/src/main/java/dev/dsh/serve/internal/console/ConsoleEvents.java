package dev.dsh.serve.internal.console;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.serve.internal.http.ApiReplies;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /api/events}: the last {@value #KEPT} lifecycle, reload and search events, then each
 * new one, as Server-Sent Events, URLs' user-info redacted; one thread owns the ring and streams.
 */
final class ConsoleEvents extends HttpServlet implements ActivityListener, AutoCloseable {

  static final int KEPT = 200;
  static final int MAX_STREAMS = 32;
  static final int MAX_PENDING = 2 * KEPT;

  private final transient Scheduler owner = Schedulers.newSingle("dsh-console-events", true);
  private final transient Clock clock;
  private final transient Console sessions;
  private final AtomicInteger open = new AtomicInteger();
  // the frames of the events lastId - size + 1 to lastId, owned by the thread
  private final transient ArrayDeque<String> ring = new ArrayDeque<>();
  private final transient List<Stream> streams = new ArrayList<>(); // owned by the thread
  private long lastId; // owned by the thread

  ConsoleEvents(Clock clock, Console sessions) {
    this.clock = clock;
    this.sessions = sessions;
    // A heartbeat under the connector's 30 s idle timeout: an open stream is never idle.
    owner.schedulePeriodically(() -> List.copyOf(streams).forEach(s -> s.send(": beat\n\n")),
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

  /** The kept events after {@code Last-Event-ID} (all without one), then live ones. */
  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (open.getAndUpdate(n -> n < MAX_STREAMS ? n + 1 : n) >= MAX_STREAMS) {
      response.setHeader("Retry-After", "10");
      ApiReplies.error(response, 503, "TOO_MANY_STREAMS", "the server holds " + MAX_STREAMS
          + " event streams already: close a console tab");
      return;
    }
    response.setContentType("text/event-stream;charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    AsyncContext async = request.startAsync();
    async.setTimeout(0); // no thread held: open until the client leaves or the server closes
    // A session's stream ends once the session does; a bearer token's lives on.
    Stream stream = new Stream(async, response.getOutputStream(),
        request.getAttribute(Console.SESSION) instanceof Console.Session session
            ? () -> sessions.use(session.id(), false).isPresent() : () -> true);
    response.getOutputStream().setWriteListener(stream);
    String last = String.valueOf(request.getHeader("Last-Event-ID")).strip();
    attach(stream, last.matches("\\d{1,18}") ? Long.parseLong(last) : 0);
  }

  void attach(Stream stream, long after) {
    hop(() -> {
      ring.stream().skip(Math.max(0, after - lastId + ring.size())).forEach(stream::send);
      streams.add(stream);
    }, stream::end);
  }

  @Override
  public void close() {
    hop(() -> List.copyOf(streams).forEach(Stream::end), () -> {});
    owner.disposeGracefully().timeout(Duration.ofSeconds(2)).onErrorComplete().block();
  }

  private void hop(Runnable task, Runnable refused) {
    try {
      owner.schedule(task);
    } catch (RejectedExecutionException e) {
      refused.run();
    }
  }

  /** Keeps and sends an event: {@code text} for scripts, {@code detail} for the page. */
  private void add(String kind, String text, ObjectNode detail) {
    String line = UrlUserInfo.redact(text);
    hop(() -> {
      long id = ++lastId;
      ObjectNode event = Json.MAPPER.createObjectNode().put("id", id)
          .put("time", clock.instant().toString()).put("kind", kind).put("text", line);
      event.set(kind, detail);
      String frame = "id: " + id + "\ndata: " + Json.MAPPER.writeValueAsString(event) + "\n\n";
      ring.add(frame);
      if (ring.size() > KEPT) {
        ring.poll();
      }
      List.copyOf(streams).forEach(stream -> stream.send(frame));
    }, () -> {});
  }

  /**
   * One open stream, written without blocking on the owner thread. A client {@value #MAX_PENDING}
   * frames behind is dropped, and so is one whose session ended (at its next frame or heartbeat).
   */
  final class Stream implements WriteListener {

    private final AsyncContext async;
    private final ServletOutputStream out;
    private final BooleanSupplier signedIn;
    private final ArrayDeque<byte[]> pending = new ArrayDeque<>();
    private boolean closed;

    Stream(AsyncContext async, ServletOutputStream out, BooleanSupplier signedIn) {
      this.async = async;
      this.out = out;
      this.signedIn = signedIn;
    }

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
      hop(this::write, () -> {});
    }

    @Override
    public void onError(Throwable failure) {
      hop(this::end, () -> {});
    }

    void end() {
      if (!closed) {
        closed = true;
        pending.clear();
        streams.remove(this);
        open.decrementAndGet();
        try {
          async.complete();
        } catch (IllegalStateException e) {
          // completed by the container already: the client went away
        }
      }
    }

    private void write() {
      try {
        while (!closed && out.isReady() && !pending.isEmpty()) {
          out.write(pending.poll()); // aggregated, or sent with what the output held
          if (pending.isEmpty() && out.isReady()) {
            out.flush(); // an empty flush would be called back again and again
          }
        }
      } catch (IOException | IllegalStateException e) {
        end();
      }
    }
  }
}
