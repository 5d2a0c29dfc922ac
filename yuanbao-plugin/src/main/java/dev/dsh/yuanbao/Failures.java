package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import org.jspecify.annotations.Nullable;

/**
 * Builds every {@link WebError} the provider emits, and scrubs the resolved key, in any letter
 * case, to {@code ***} from those and from every string of a result.
 *
 * <p>One instance per search: it learns the key once resolved, so every later message (the
 * envelope's {@code Message} included) and every title, snippet and url is scrubbed.
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

  /** {@code text} with every occurrence of the key, in any letter case, replaced by {@code ***}. */
  String scrub(String text) {
    String k = key;
    if (k == null || k.isEmpty()) {
      return text;
    }
    int at = find(text, k, 0);
    if (at < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    int from = 0;
    for (; at >= 0; at = find(text, k, from)) {
      out.append(text, from, at).append("***");
      from = at + k.length();
    }
    return out.append(text, from, text.length()).toString();
  }

  /** The first case-insensitive match of {@code k} at or after {@code from}, or -1. */
  private static int find(String text, String k, int from) {
    char lower = Character.toLowerCase(k.charAt(0));
    char upper = Character.toUpperCase(k.charAt(0));
    for (int i = from; i <= text.length() - k.length(); i++) {
      int l = text.indexOf(lower, i);
      int u = lower == upper ? -1 : text.indexOf(upper, i);
      i = l < 0 ? u : u < 0 ? l : Math.min(l, u);
      if (i < 0) {
        return -1;
      }
      if (text.regionMatches(true, i, k, 0, k.length())) {
        return i;
      }
    }
    return -1;
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
      if (m != null && find(m, k, 0) >= 0) {
        return null;
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return cause;
  }
}
