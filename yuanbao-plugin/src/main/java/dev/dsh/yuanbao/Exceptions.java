package dev.dsh.yuanbao;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** Names failures without echoing request data. */
final class Exceptions {

  /**
   * JDK exceptions whose messages describe the connection, never the request (a header or body):
   * their message may be shown. Any other JDK exception is named by its class only, since some
   * (an invalid header value) echo what they were given.
   */
  private static final Set<String> SAFE_MESSAGES =
      Set.of(
          "java.net.ConnectException",
          "java.net.NoRouteToHostException",
          "java.net.UnknownHostException",
          "java.net.SocketException",
          "java.net.SocketTimeoutException",
          "java.net.http.HttpTimeoutException",
          "java.net.http.HttpConnectTimeoutException",
          "java.io.EOFException",
          "java.io.IOException",
          "java.nio.channels.ClosedChannelException",
          "javax.net.ssl.SSLException",
          "javax.net.ssl.SSLHandshakeException",
          "javax.net.ssl.SSLPeerUnverifiedException");

  private Exceptions() {}

  static Throwable unwrap(Throwable error) {
    Throwable t = error;
    while ((t instanceof CompletionException || t instanceof ExecutionException)
        && t.getCause() != null) {
      t = t.getCause();
    }
    return t;
  }

  /**
   * {@code SimpleName: message}, or the class name alone when the message is absent or may carry
   * request data. A message-less wrapper of the same class shows its cause's message.
   *
   * @param trustMessage true for failures of a host service (no request data reaches it), whose
   *     message is shown whatever its class
   */
  static String describe(Throwable error, boolean trustMessage) {
    String name = error.getClass().getSimpleName();
    String message = error.getMessage();
    Throwable cause = error.getCause();
    if (message == null && cause != null && cause.getClass() == error.getClass()) {
      message = cause.getMessage();
    }
    boolean show = trustMessage || SAFE_MESSAGES.contains(error.getClass().getName());
    return message == null || message.isBlank() || !show ? name : name + ": " + message;
  }

  /**
   * {@code ": could not connect to host:port"} (after {@code "; "} when the failure has a message)
   * for a failure to reach {@code endpoint}, else {@code ""}. Only the host and port are named:
   * never the user-info or the path.
   */
  static String connectingTo(Throwable error, URI endpoint) {
    if (!(error instanceof ConnectException
        || error instanceof HttpConnectTimeoutException
        || error instanceof UnknownHostException
        || error instanceof NoRouteToHostException)) {
      return "";
    }
    int port = endpoint.getPort();
    if (port < 0) {
      port = "https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80;
    }
    String host = endpoint.getHost();
    String where = (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    String text = describe(error, false);
    return (text.contains(": ") ? "; " : ": ") + "could not connect to " + where;
  }
}
