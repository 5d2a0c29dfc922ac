package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import org.jspecify.annotations.Nullable;

/**
 * Builds every {@link WebError} the provider emits, with the resolved key scrubbed to {@code ***}.
 *
 * <p>One instance per search: it learns the key once resolved, so every later message (the
 * envelope's {@code Message} included) is scrubbed.
 */
final class Failures {

  static final String ABORTED = "Yuanbao search aborted";
  static final String REQUEST_FAILED = "Yuanbao search request failed: ";
  static final String INVALID_BODY = "Yuanbao returned an invalid response body";

  private volatile @Nullable String key;

  void knowKey(String resolvedKey) {
    this.key = resolvedKey;
  }

  WebError aborted() {
    return new WebError(WebErrorCodes.WEB_ABORTED, ABORTED);
  }

  WebError requestFailed(String error) {
    return requestFailed(error, null);
  }

  WebError requestFailed(String error, @Nullable Throwable cause) {
    return error(WebErrorCodes.WEB_PROVIDER_ERROR, REQUEST_FAILED + error, null, cause);
  }

  WebError invalidBody() {
    return new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, INVALID_BODY);
  }

  WebError envelope(@Nullable String code, @Nullable String message) {
    String text =
        message != null && !message.isBlank()
            ? message
            : "Yuanbao search failed: " + (code == null ? "unknown error" : code);
    return error(WebErrorCodes.WEB_PROVIDER_ERROR, text, code == null ? null : scrub(code), null);
  }

  WebError error(
      String code, String message, @Nullable String providerCode, @Nullable Throwable cause) {
    return new WebError(code, scrub(message), providerCode, safeCause(cause));
  }

  String scrub(String text) {
    String k = key;
    return k == null || k.isEmpty() ? text : text.replace(k, "***");
  }

  /**
   * The cause to chain, or none when any message in its chain carries the key: a cause's message
   * is shown by stack traces and loggers, which the scrubbing cannot reach.
   */
  private @Nullable Throwable safeCause(@Nullable Throwable cause) {
    String k = key;
    if (cause == null || k == null || k.isEmpty()) {
      return cause;
    }
    for (Throwable t = cause; t != null; t = t.getCause()) {
      String m = t.getMessage();
      if (m != null && m.contains(k)) {
        return null;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return cause;
  }
}
