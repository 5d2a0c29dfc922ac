package dev.dsh.yuanbao;

import dev.dsh.api.credentials.CredentialMask;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchSource;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpConnectTimeoutException;
import java.nio.channels.UnresolvedAddressException;
import java.util.Set;
import java.util.concurrent.CancellationException;
import org.jspecify.annotations.Nullable;

/** Every {@link WebError} of one search, echoing no request data, and the key's mask once known. */
final class Failures {

  static final String ABORTED = "Yuanbao search aborted";
  static final String REQUEST_FAILED = "Yuanbao search request failed: ";
  static final String INVALID_BODY = "Yuanbao returned an invalid response body";

  /**
   * JDK exceptions whose messages describe the connection, never a header or body. Any other is
   * named by its class only, since some (an invalid header value) echo what they were given.
   */
  private static final Set<String> SAFE_MESSAGES = Set.of(
      "java.net.ConnectException", "java.net.NoRouteToHostException", "java.net.SocketException",
      "java.net.SocketTimeoutException", "java.net.http.HttpTimeoutException",
      "java.net.http.HttpConnectTimeoutException", "java.io.EOFException", "java.io.IOException",
      "java.nio.channels.ClosedChannelException", "javax.net.ssl.SSLException",
      "javax.net.ssl.SSLHandshakeException", "javax.net.ssl.SSLPeerUnverifiedException");

  private volatile @Nullable String key;

  void knowKey(String resolvedKey) {
    this.key = resolvedKey;
  }

  WebError requestFailed(String error, @Nullable Throwable cause) {
    return new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, scrub(REQUEST_FAILED + error), null,
        safeCause(cause));
  }

  WebError exchangeFailed(Throwable error, URI to) {
    return error instanceof CancellationException ? new WebError(WebErrorCodes.WEB_ABORTED, ABORTED)
        : unresolved(error) ? requestFailed("could not resolve " + to.getHost() + " (check baseURL's host, and DNS)", null)
        : requestFailed(describe(error, false) + connectingTo(error, to), error);
  }

  WebError invalidBody() {
    return new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, INVALID_BODY);
  }

  WebError envelope(@Nullable String code, @Nullable String message) {
    String text = message != null && !message.isBlank() ? message
        : "Yuanbao search failed: " + (code == null ? "unknown error" : code);
    return new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, scrub(text), code == null ? null : scrub(code), null);
  }

  WebSearchSource scrub(WebSearchSource source) {
    String title = source.title() == null ? null : scrub(source.title());
    String snippet = source.snippet() == null ? null : scrub(source.snippet());
    return new WebSearchSource(scrub(source.url()), title, snippet, source.publishedAt());
  }

  String scrub(String text) {
    String k = key;
    return k == null || k.isEmpty() ? text : CredentialMask.mask(text, k);
  }

  /** None when a message in the chain holds the key: loggers print causes, out of scrub's reach. */
  private @Nullable Throwable safeCause(@Nullable Throwable cause) {
    for (Throwable t = cause; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getMessage() != null && !scrub(t.getMessage()).equals(t.getMessage())) {
        return null;
      }
    }
    return cause;
  }

  // The name alone when the message may carry request data; a bare wrapper shows its cause's.
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

  private static boolean unresolved(@Nullable Throwable t) {
    return t instanceof UnresolvedAddressException || t instanceof UnknownHostException
        || (t != null && t.getCause() != t && unresolved(t.getCause()));
  }

  private static String connectingTo(Throwable error, URI endpoint) {
    if (!(error instanceof ConnectException || error instanceof HttpConnectTimeoutException
        || error instanceof NoRouteToHostException)) {
      return "";
    }
    int port = endpoint.getPort() >= 0 ? endpoint.getPort()
        : "https".equalsIgnoreCase(endpoint.getScheme()) ? 443 : 80;
    // URI.getHost() gives an IPv6 literal in its brackets.
    String where = endpoint.getHost() + ":" + port;
    return (describe(error, false).contains(": ") ? "; " : ": ") + "could not connect to " + where;
  }
}
