package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.CallSignals;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * In front of the SDK's servlet on {@code /mcp}, does over HTTP what the stdio door's relay does:
 *
 * <ul>
 *   <li>checks {@code Origin} and {@code Host} first ({@link OriginCheck});
 *   <li>reads each POST body once ({@link McpMessage}): a {@code tools/call} gets a signal in
 *       {@link CallSignals}, its key in the request attribute {@link CallSignals#META_KEY}, which
 *       the SDK hands the tool in its transport context (SDK 2.1.0 tells a handler no request id);
 *       a {@code notifications/cancelled} fires that signal and is answered {@code 202} here (the
 *       SDK routes it nowhere);
 *   <li>with sessions, passes on only the ids of open sessions ({@link McpSessions}): an {@code
 *       initialize} past the cap is {@code 503}, an expired or ended id {@code 404}.
 * </ul>
 *
 * A call is answered when its request ends: the SDK writes the response event on the POST's own
 * SSE stream and then completes that stream, so the request's end (its async context completing,
 * or the servlet returning without one) comes once the response is written or the client is gone.
 */
final class McpFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;
  private static final String SESSION = "Mcp-Session-Id";

  private final transient OriginCheck origins;
  private final transient CallSignals calls;
  private final transient @Nullable McpSessions sessions;
  private final AtomicLong statelessCalls = new AtomicLong();

  /** With {@code sessions} null the server is stateless: every call is a request of its own. */
  McpFilter(OriginCheck origins, CallSignals calls, @Nullable McpSessions sessions) {
    this.origins = origins;
    this.calls = calls;
    this.sessions = sessions;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain) throws IOException, ServletException {
    try {
      origins.validate(request);
    } catch (ServerTransportSecurityException e) {
      McpMessage.reply(response, e.getStatusCode(), null, McpMessage.INVALID_REQUEST,
          origins.explain(e));
      return;
    }
    String session = sessions == null ? null : request.getHeader(SESSION);
    if (request.getMethod().equals("POST")) {
      McpMessage message = McpMessage.read(request, response);
      if (message != null) {
        post(message, request, response, chain, session);
      }
    } else if (session == null) {
      chain.doFilter(request, response);
    } else if (begin(session, response, null)) {
      // GET (the session's own stream) and DELETE: in use until the request ends
      if (request.getMethod().equals("DELETE")) {
        // before the SDK closes the session's streams, so that no call outlives its session
        calls.abortAll(McpSessions.key(session, ""));
      }
      try {
        chain.doFilter(request, response);
      } finally {
        whenEnded(request, () -> ended(session, request, response));
      }
    }
  }

  private void post(McpMessage message, HttpServletRequest request, HttpServletResponse response,
      FilterChain chain, @Nullable String session) throws IOException, ServletException {
    if (message.isNotification("notifications/cancelled")) {
      // without sessions the call may be on any replica: there is nothing to cancel
      if (session == null || begin(session, response, null)) {
        if (session != null) {
          calls.cancel(McpSessions.key(session, message.callId()), message.cancelReason());
          sessions.end(session);
        }
        response.setStatus(HttpServletResponse.SC_ACCEPTED);
      }
      return;
    }
    if (sessions != null && message.isRequest("initialize")) {
      initialize(message, request, response, chain);
      return;
    }
    if (session != null && !begin(session, response, message.id())) {
      return;
    }
    String key = null;
    if (message.isRequest("tools/call") && (sessions == null || session != null)) {
      key = session == null
          ? "- " + statelessCalls.incrementAndGet()
          : McpSessions.key(session, message.callId());
      calls.open(key);
      request.setAttribute(CallSignals.META_KEY, key);
    }
    String call = key;
    try {
      chain.doFilter(message.forwarded(request), response);
    } finally {
      whenEnded(request, () -> {
        if (call != null) {
          calls.answered(call);
        }
        if (session != null) {
          ended(session, request, response);
        }
      });
    }
  }

  private void initialize(McpMessage message, HttpServletRequest request,
      HttpServletResponse response, FilterChain chain) throws IOException, ServletException {
    if (!sessions.reserve()) {
      McpMessage.reply(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, message.id(),
          McpMessage.INVALID_REQUEST, sessions.full());
      return;
    }
    // The session opens when the SDK names it, before its answer can reach the client: a client
    // sends its next request as soon as it reads the id.
    String[] opened = {null};
    HttpServletResponseWrapper naming = new HttpServletResponseWrapper(response) {
      @Override
      public void setHeader(String name, String value) {
        if (opened[0] == null && SESSION.equalsIgnoreCase(name)) {
          opened[0] = value;
          sessions.started(value);
        }
        super.setHeader(name, value);
      }
    };
    try {
      chain.doFilter(message.forwarded(request), naming);
    } finally {
      if (opened[0] == null) {
        sessions.started(null); // no session: the reserved place is free again
      }
    }
  }

  /** Starts a request of {@code session}; answers {@code 404} when the session is not open. */
  private boolean begin(String session, HttpServletResponse response, @Nullable JsonNode id)
      throws IOException {
    if (sessions.begin(session)) {
      return true;
    }
    McpMessage.reply(response, HttpServletResponse.SC_NOT_FOUND, id, McpMessage.INVALID_REQUEST,
        sessions.notFound());
    return false;
  }

  private void ended(String session, HttpServletRequest request, HttpServletResponse response) {
    sessions.end(session);
    int status = response.getStatus();
    // 404: the SDK no longer has the session (its sweep ended it); DELETE: the client ended it
    if (status == HttpServletResponse.SC_NOT_FOUND
        || (request.getMethod().equals("DELETE") && status == HttpServletResponse.SC_OK)) {
      sessions.closed(session);
    }
  }

  /** Runs {@code action} once the request has ended: now, or when its async context completes. */
  private static void whenEnded(HttpServletRequest request, Runnable action) {
    if (request.isAsyncStarted()) {
      try {
        request.getAsyncContext().addListener(new AsyncListener() {
          @Override
          public void onComplete(AsyncEvent event) {
            action.run();
          }

          @Override
          public void onTimeout(AsyncEvent event) {}

          @Override
          public void onError(AsyncEvent event) {}

          @Override
          public void onStartAsync(AsyncEvent event) {}
        });
        return;
      } catch (IllegalStateException e) {
        // completed meanwhile: the request has ended
      }
    }
    action.run();
  }
}
