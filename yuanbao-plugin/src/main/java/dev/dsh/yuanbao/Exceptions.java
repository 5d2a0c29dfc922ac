package dev.dsh.yuanbao;

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

  /** True for a failure to reach the server at all: refused, unresolved, unroutable, timed out. */
  static boolean isConnectFailure(Throwable error) {
    return error instanceof java.net.ConnectException
        || error instanceof java.net.http.HttpConnectTimeoutException
        || error instanceof java.net.UnknownHostException
        || error instanceof java.net.NoRouteToHostException
        || error instanceof java.nio.channels.UnresolvedAddressException;
  }

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
}
