package dev.dsh.serve.internal.mcp;

import static io.modelcontextprotocol.spec.McpSchema.ErrorCodes.INVALID_REQUEST;
import static io.modelcontextprotocol.spec.McpSchema.ErrorCodes.PARSE_ERROR;

import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.Limits;
import dev.dsh.serve.mcp.CallSignals;
import dev.dsh.serve.mcp.McpMessage;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.spec.McpSchema;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.server.Request;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * In front of the SDK's servlet, as {@code dsh mcp} on stdio, each error a JSON-RPC error: {@link
 * OriginCheck}; 405, 415, 406; each body checked ({@link McpMessage}); a call opened, a
 * cancellation fired; only open sessions pass ({@link McpSessions}); {@link SdkAnswer}.
 */
final class McpFilter extends HttpFilter {

  static final String JSON = "application/json";
  static final String SESSION = "Mcp-Session-Id";
  private static final String EVENTS = "text/event-stream";

  private final transient OriginCheck origins;
  private final transient CallSignals calls;
  private final transient @Nullable McpSessions sessions;
  private final List<String> methods;

  /** With {@code sessions} null the server is stateless. */
  McpFilter(OriginCheck origins, CallSignals calls, @Nullable McpSessions sessions) {
    this.origins = origins;
    this.calls = calls;
    this.sessions = sessions;
    // without sessions there is no session stream to GET and none to DELETE
    this.methods = sessions != null ? List.of("GET", "POST", "DELETE") : List.of("POST");
  }

  @Override
  protected void doFilter(HttpServletRequest request, HttpServletResponse response,
      FilterChain chain) throws IOException, ServletException {
    ServerTransportSecurityException refusal = origins.refusal(request);
    if (refusal != null) {
      reply(response, refusal.getStatusCode(), null, INVALID_REQUEST, refusal.getMessage());
      return;
    }
    String method = request.getMethod();
    if (!admitted(method, request, response)) {
      return;
    }
    if (method.equals("POST")) {
      post(request, response, chain);
      return;
    }
    // GET (the session's own stream) and DELETE: in use until the request ends
    String session = session(request, response, null);
    if (session != null) {
      if (method.equals("DELETE")) {
        // before the SDK closes the session's streams, so that no call outlives its session
        calls.abortAll(McpSessions.key(session, ""));
      }
      forward(request, response, chain, null, null, session);
    }
  }

  private boolean admitted(String method, HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    if (!methods.contains(method)) {
      response.setHeader("Allow", String.join(", ", methods));
      return refuse(response, 405, "Method Not Allowed: /mcp takes " + String.join(", ", methods)
          + " on this server, not " + method);
    }
    if (method.equals("GET")) {
      return accepts(request, EVENTS) || refuse(response, 406,
          "Not Acceptable: a GET of /mcp must have an Accept header listing " + EVENTS);
    }
    String type = String.valueOf(request.getContentType()).split(";", 2)[0].strip();
    if (method.equals("POST") && !type.toLowerCase(Locale.ROOT).equals(JSON)) {
      return refuse(response, 415,
          "Unsupported Media Type: a POST to /mcp must have Content-Type " + JSON);
    }
    return !method.equals("POST") || accepts(request, JSON) && accepts(request, EVENTS)
        || refuse(response, 406, "Not Acceptable: a POST to /mcp must have an Accept header"
            + " listing both " + JSON + " and " + EVENTS);
  }

  private static boolean refuse(HttpServletResponse response, int status, String message)
      throws IOException {
    response.setHeader("Connection", "close"); // the body stays unread: the server may close it
    reply(response, status, null, INVALID_REQUEST, message);
    return false;
  }

  // The SDK's reading: a substring, so that a list with parameters or weights passes.
  private static boolean accepts(HttpServletRequest request, String type) {
    String accept = request.getHeader("Accept");
    return accept != null && accept.contains(type);
  }

  private void post(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws IOException, ServletException {
    // The HTTP stack's size limit answers 413 to a longer body (its read fails here).
    byte[] body = request.getInputStream().readNBytes(Limits.BODY_CAP);
    McpMessage message = McpMessage.read(body, 0, body.length);
    McpMessage.Refusal refusal = message.refusal();
    if (refusal != null) {
      // A request the server reads is answered 200 with its error, as the SDK answers the errors
      // it finds itself; anything else (which no JSON-RPC error may answer) is 400.
      boolean unreadable = refusal.code() == PARSE_ERROR || refusal.code() == INVALID_REQUEST;
      reply(response, unreadable ? 400 : 200, refusal.id(), refusal.code(),
          (refusal.answered() ? "" : "Invalid Request: ") + refusal.message());
      return;
    }
    boolean initialize = sessions != null && message.is(McpSchema.METHOD_INITIALIZE, true);
    if (initialize && !sessions.reserve()) {
      reply(response, 503, message.id(), INVALID_REQUEST, sessions.full());
      return;
    }
    String session = sessions == null || initialize ? null : session(request, response, message.id());
    if (sessions != null && !initialize && session == null) {
      return;
    }
    if (message.is(CallSignals.CANCELLED, false)) {
      // without sessions the call may be on any replica: there is nothing to cancel
      if (session != null) {
        calls.cancel(McpSessions.key(session, ""), message);
        sessions.use(session, -1);
      }
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return;
    }
    // without sessions nothing cancels a call: only the shutdown signal aborts it
    String key = session == null || !message.is(McpSchema.METHOD_TOOLS_CALL, true) ? null
        : McpSessions.key(session, message.callId());
    if (key != null) {
      calls.open(key);
      request.setAttribute(CallSignals.META_KEY, key);
    }
    forward(SdkAnswer.withBody(request, body), response, chain, message, key, session);
  }

  /** The request's open session; else null, answered {@code 400} (none) or {@code 404}. */
  private @Nullable String session(HttpServletRequest request, HttpServletResponse response,
      @Nullable JsonNode id) throws IOException {
    String session = request.getHeader(SESSION);
    if (session == null || session.isBlank()) {
      reply(response, 400, id, INVALID_REQUEST, "Bad Request: no " + SESSION + " header: send the"
          + " one the initialize answer gave, or initialize a new session");
      return null;
    }
    if (!sessions.use(session, 1)) {
      reply(response, 404, id, INVALID_REQUEST, sessions.notFound());
      return null;
    }
    return session;
  }

  private void forward(HttpServletRequest request, HttpServletResponse response, FilterChain chain,
      @Nullable McpMessage message, @Nullable String key, @Nullable String session)
      throws IOException, ServletException {
    SdkAnswer answer = new SdkAnswer(response, message, sessions == null ? "" : sessions.notFound());
    try {
      chain.doFilter(request, answer);
    } finally {
      if (sessions != null && message != null && message.is(McpSchema.METHOD_INITIALIZE, true)) {
        // The session opens before the SDK's answer, held until finish, names it to the client,
        // which sends its next request as soon as it reads the id; with no id the place is free.
        sessions.started(answer.getHeader(SESSION));
      }
      // once the exchange has ended: the last byte of an answer or of an event stream is written
      Request.addCompletionListener(ServletContextRequest.getServletContextRequest(request), x -> {
        if (key != null) {
          calls.answered(key);
        }
        if (session != null) {
          sessions.use(session, -1);
          int status = response.getStatus();
          // 404: the SDK no longer has the session (its sweep ended it); DELETE: the client did
          if (status == 404 || (request.getMethod().equals("DELETE") && status == 200)) {
            sessions.closed(session);
          }
        }
      });
    }
    answer.finish();
  }

  static void reply(HttpServletResponse response, int status, @Nullable JsonNode id, int code,
      String message) throws IOException {
    ApiReplies.send(response, status, JSON,
        new String(McpMessage.error(id, code, message), StandardCharsets.UTF_8));
  }
}
