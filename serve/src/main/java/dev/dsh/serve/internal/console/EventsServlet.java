package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.http.ApiReplies;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.jspecify.annotations.Nullable;

/**
 * {@code GET /api/events}: Server-Sent Events, the kept events then live ones, each {@code data:}
 * one JSON object with its {@code id:}; a reconnecting {@code EventSource} (its {@code
 * Last-Event-ID}) gets only those it missed. Held asynchronously: an open stream holds no thread.
 */
final class EventsServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final transient ConsoleEvents events;
  private final transient Sessions sessions;

  EventsServlet(ConsoleEvents events, Sessions sessions) {
    this.events = events;
    this.sessions = sessions;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (!events.admit()) {
      response.setHeader("Retry-After", "10");
      ApiReplies.error(response, 503, "TOO_MANY_STREAMS", "the server holds "
          + ConsoleEvents.MAX_STREAMS + " event streams already: close a console tab");
      return;
    }
    response.setContentType("text/event-stream");
    response.setCharacterEncoding("utf-8");
    response.setHeader("Cache-Control", "no-store");
    AsyncContext async = request.startAsync();
    async.setTimeout(0); // open until the client leaves or the server closes
    ServletOutputStream out = response.getOutputStream();
    // A session's stream ends once the session does; a bearer token's lives on.
    EventStream stream = new EventStream(async, out, events,
        request.getAttribute(SessionGate.SESSION) instanceof Sessions.Session session
            ? () -> sessions.use(session.id(), false).isPresent() : () -> true);
    out.setWriteListener(stream);
    events.attach(stream, lastId(request.getHeader("Last-Event-ID")));
  }

  private static long lastId(@Nullable String header) {
    try {
      return header == null ? 0 : Math.max(0, Long.parseLong(header.strip()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
