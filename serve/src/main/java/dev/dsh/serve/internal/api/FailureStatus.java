package dev.dsh.serve.internal.api;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;

import dev.dsh.api.web.WebError;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * The HTTP status of a failed search: {@code 429} when the provider's service answered 429 (with
 * its {@code Retry-After}, whole seconds rounded up), {@code 504} when it ran out of time, {@code
 * 400} for a request no provider can serve as asked, {@code 503} when no provider is ready or the
 * search was aborted under it (the server stopping, its provider unloaded), else {@code 502}.
 *
 * @param status the HTTP status
 * @param retryAfterSeconds the {@code Retry-After} to send, if any
 */
record FailureStatus(int status, Optional<Long> retryAfterSeconds) {

  private static final Set<String> NOT_READY = Set.of(WEB_PROVIDER_UNAVAILABLE,
      WEB_PROVIDER_CONFIGURED_UNAVAILABLE, WEB_PROVIDER_CONFIGURED_MISSING,
      WEB_PROVIDER_CREDENTIAL_MISSING, WEB_PROVIDER_AMBIGUOUS);

  /**
   * @param timedOut whether the search's own timeout fired ({@code error} then reads {@link
   *     WebError#timedOut})
   */
  static FailureStatus of(WebError error, boolean timedOut) {
    if (error.upstreamStatus().orElse(0) == 429) {
      return new FailureStatus(429, error.retryAfter().map(FailureStatus::seconds));
    }
    String code = error.code();
    int status = timedOut && code.equals(WEB_ABORTED) ? 504
        : code.equals(WEB_INVALID_REQUEST) || code.equals(WEB_REQUEST_UNSUPPORTED) ? 400
        : NOT_READY.contains(code) || code.equals(WEB_ABORTED) ? 503
        : 502;
    return new FailureStatus(status, Optional.empty());
  }

  private static long seconds(Duration wait) {
    long millis = wait.toMillis();
    return millis / 1000 + (millis % 1000 == 0 ? 0 : 1);
  }
}
