package dev.dsh.serve.internal.mcp;

import dev.dsh.serve.mcp.MessageCheck;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * What the MCP Streamable HTTP transport asks of a request's method and headers, checked before
 * the SDK sees the request: the SDK checks the same, but answers with a serialized Java exception.
 * Each refusal is a JSON-RPC error with the HTTP status that says why: {@code 405} for a method
 * {@code /mcp} does not take, {@code 415} for a body that is not {@code application/json}, {@code
 * 406} for an {@code Accept} that leaves out what the answer may be, {@code 400} for a missing
 * {@code Mcp-Session-Id}.
 */
final class TransportRules {

  static final String JSON_TYPE = "application/json";
  static final String EVENT_STREAM = "text/event-stream";
  static final String SESSION = "Mcp-Session-Id";

  private final List<String> methods;

  /** Without sessions there is no session stream to GET and none to DELETE. */
  TransportRules(boolean sessions) {
    this.methods = sessions ? List.of("GET", "POST", "DELETE") : List.of("POST");
  }

  /** True when {@code request}'s method and headers are fine; else answered on {@code response}. */
  boolean admit(HttpServletRequest request, HttpServletResponse response) throws IOException {
    String method = request.getMethod();
    if (!methods.contains(method)) {
      response.setHeader("Allow", String.join(", ", methods));
      return refuse(response, HttpServletResponse.SC_METHOD_NOT_ALLOWED, null, "Method Not Allowed:"
          + " /mcp takes " + String.join(", ", methods) + " on this server, not " + method);
    }
    if (method.equals("GET")) {
      return accepts(request, EVENT_STREAM) || refuse(response,
          HttpServletResponse.SC_NOT_ACCEPTABLE, null,
          "Not Acceptable: a GET of /mcp must have an Accept header listing " + EVENT_STREAM);
    }
    if (!method.equals("POST")) {
      return true;
    }
    String type = request.getContentType();
    if (type == null || !type.split(";", 2)[0].strip().toLowerCase(Locale.ROOT).equals(JSON_TYPE)) {
      return refuse(response, HttpServletResponse.SC_UNSUPPORTED_MEDIA_TYPE, null,
          "Unsupported Media Type: a POST to /mcp must have Content-Type " + JSON_TYPE);
    }
    return accepts(request, JSON_TYPE) && accepts(request, EVENT_STREAM) || refuse(response,
        HttpServletResponse.SC_NOT_ACCEPTABLE, null, "Not Acceptable: a POST to /mcp must have an"
            + " Accept header listing both " + JSON_TYPE + " and " + EVENT_STREAM);
  }

  /**
   * {@code request}'s session id; null when it has none, answered {@code 400} as the spec asks
   * (with {@code id}, the id of the request it carries, if any).
   */
  static @Nullable String session(HttpServletRequest request, HttpServletResponse response,
      @Nullable JsonNode id) throws IOException {
    String session = request.getHeader(SESSION);
    if (session != null && !session.isBlank()) {
      return session;
    }
    refuse(response, HttpServletResponse.SC_BAD_REQUEST, id, "Bad Request: no " + SESSION
        + " header: send the one the initialize answer gave, or initialize a new session");
    return null;
  }

  // The SDK's reading: a substring, so that a list with parameters or weights passes.
  private static boolean accepts(HttpServletRequest request, String type) {
    String accept = request.getHeader("Accept");
    return accept != null && accept.contains(type);
  }

  private static boolean refuse(HttpServletResponse response, int status, @Nullable JsonNode id,
      String message) throws IOException {
    McpMessage.reply(response, status, id, MessageCheck.INVALID_REQUEST, message);
    return false;
  }
}
