package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.MessageCheck;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.spec.McpSchema;
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
 *   <li>checks {@code Origin} and {@code Host} first ({@link OriginCheck}), then the method and
 *       headers ({@link TransportRules});
 *   <li>reads each POST body once and checks it as {@code dsh mcp} checks a line ({@link
 *       McpMessage}): a {@code tools/call} gets a signal in {@link CallSignals}, its key in the
 *       request attribute {@link CallSignals#META_KEY}, which the SDK hands the tool in its
 *       transport context (SDK 2.1.0 tells a handler no request id); a {@code
 *       notifications/cancelled} fires that signal and is answered {@code 202} here (the SDK routes
 *       it nowhere);
 *   <li>with sessions, passes on only the ids of open sessions ({@link McpSessions}): a request
 *       other than {@code initialize} without one is {@code 400}, an expired or ended id {@code
 *       404}, an {@code initialize} past the cap {@code 503};
 *   <li>guards what the SDK answers ({@link SdkAnswer}).
 * </ul>
 *
 * Every error answered here is a JSON-RPC error: the SDK would write these as Java exceptions.
 *
 * <p>A call is answered when its request ends: the SDK writes the response event on the POST's own
 * SSE stream and then completes that stream, so the request's end (its async context completing,
 * or the servlet returning without one) comes once the response is written or the client is gone.
 */
final class McpFilter extends HttpFilter {

  private static final long serialVersionUID = 1L;

  private final transient OriginCheck origins;
  private final transient TransportRules rules;
  private final transient CallSignals calls;
  private final transient @Nullable McpSessions sessions;
  private final AtomicLong statelessCalls = new AtomicLong();

  /** With {@code sessions} null the server is stateless: every call is a request of its own. */
  McpFilter(OriginCheck origins, CallSignals calls, @Nullable McpSessions sessions) {
    this.origins = origins;
    this.rules = new TransportRules(sessions != null);
    this.calls = calls;
    this.sessions = sessions;
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain) throws IOException, ServletException {
    try {
      origins.validate(request);
    } catch (ServerTransportSecurityException e) {
      McpMessage.reply(response, e.getStatusCode(), null, MessageCheck.INVALID_REQUEST,
          origins.explain(e));
      return;
    }
    if (!rules.admit(request, response)) {
      return;
    }
    if (request.getMethod().equals("POST")) {
      McpMessage message = McpMessage.read(request, response);
      if (message != null) {
        post(message, request, response, chain);
      }
    } else {
      // GET (the session's own stream) and DELETE: in use until the request ends
      String session = TransportRules.session(request, response, null);
      if (session == null || !begin(session, response, null)) {
        return;
      }
      if (request.getMethod().equals("DELETE")) {
        // before the SDK closes the session's streams, so that no call outlives its session
        calls.abortAll(McpSessions.key(session, ""));
      }
      try {
        forward(request, response, chain, null);
      } finally {
        whenEnded(request, () -> ended(session, request, response));
      }
    }
  }

  private void post(McpMessage message, HttpServletRequest request, HttpServletResponse response,
      FilterChain chain) throws IOException, ServletException {
    if (sessions != null && message.isRequest(McpSchema.METHOD_INITIALIZE)) {
      initialize(message, request, response, chain);
      return;
    }
    String session = null;
    if (sessions != null) {
      session = TransportRules.session(request, response, message.id());
      if (session == null || !begin(session, response, message.id())) {
        return;
      }
    }
    if (message.isNotification("notifications/cancelled")) {
      // without sessions the call may be on any replica: there is nothing to cancel
      if (session != null) {
        calls.cancel(McpSessions.key(session, message.callId()), message.cancelReason());
        sessions.end(session);
      }
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return;
    }
    String key = null;
    if (message.isRequest(McpSchema.METHOD_TOOLS_CALL)) {
      key = session == null
          ? "- " + statelessCalls.incrementAndGet()
          : McpSessions.key(session, message.callId());
      calls.open(key);
      request.setAttribute(CallSignals.META_KEY, key);
    }
    String call = key;
    String used = session;
    try {
      forward(message.forwarded(request), response, chain, message);
    } finally {
      whenEnded(request, () -> {
        if (call != null) {
          calls.answered(call);
        }
        if (used != null) {
          ended(used, request, response);
        }
      });
    }
  }

  private void initialize(McpMessage message, HttpServletRequest request,
      HttpServletResponse response, FilterChain chain) throws IOException, ServletException {
    if (!sessions.reserve()) {
      McpMessage.reply(response, HttpServletResponse.SC_SERVICE_UNAVAILABLE, message.id(),
          MessageCheck.INVALID_REQUEST, sessions.full());
      return;
    }
    // The session opens when the SDK names it, before its answer can reach the client: a client
    // sends its next request as soon as it reads the id.
    String[] opened = {null};
    HttpServletResponseWrapper naming = new HttpServletResponseWrapper(response) {
      @Override
      public void setHeader(String name, String value) {
        if (opened[0] == null && TransportRules.SESSION.equalsIgnoreCase(name)) {
          opened[0] = value;
          sessions.started(value);
        }
        super.setHeader(name, value);
      }
    };
    try {
      forward(message.forwarded(request), naming, chain, message);
    } finally {
      if (opened[0] == null) {
        sessions.started(null); // no session: the reserved place is free again
      }
    }
  }

  /** Passes the request on to the SDK's servlet, guarding its answer. */
  private void forward(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
      @Nullable McpMessage message) throws IOException, ServletException {
    SdkAnswer answer = new SdkAnswer(response, message, sessions == null ? "" : sessions.notFound());
    chain.doFilter(request, answer);
    answer.finish();
  }

  /** Starts a request of {@code session}; answers {@code 404} when the session is not open. */
  private boolean begin(String session, HttpServletResponse response, @Nullable JsonNode id)
      throws IOException {
    if (sessions.begin(session)) {
      return true;
    }
    McpMessage.reply(response, HttpServletResponse.SC_NOT_FOUND, id, MessageCheck.INVALID_REQUEST,
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
