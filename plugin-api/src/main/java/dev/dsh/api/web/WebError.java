package dev.dsh.api.web;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A failed web operation, with a machine-readable {@link #code()}.
 *
 * <p>Messages never contain secrets: providers scrub resolved keys before building one.
 */
public class WebError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String code;
  private final @Nullable String providerCode;
  private final @Nullable Integer upstreamStatus;
  private final @Nullable Duration retryAfter;

  /** An error with {@code code} and {@code message}. */
  public WebError(String code, String message) {
    this(code, message, null, null);
  }

  /** An error with {@code code}, {@code message} and the {@code cause} behind it. */
  public WebError(String code, String message, @Nullable Throwable cause) {
    this(code, message, null, cause);
  }

  /**
   * An error with {@code code}, {@code message}, the vendor's own code and the {@code cause}.
   *
   * @param providerCode the vendor's error code, such as an envelope's {@code Code}
   */
  public WebError(
      String code, String message, @Nullable String providerCode, @Nullable Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.code = Objects.requireNonNull(code, "code");
    this.providerCode = providerCode;
    this.upstreamStatus = null;
    this.retryAfter = null;
  }

  private WebError(WebError error, int upstreamStatus, @Nullable Duration retryAfter) {
    super(error.getMessage(), error.getCause());
    this.code = error.code;
    this.providerCode = error.providerCode;
    this.upstreamStatus = upstreamStatus;
    this.retryAfter = retryAfter;
    setStackTrace(error.getStackTrace()); // where it failed, not where it was annotated
  }

  /**
   * The error of a search that ran out of time: {@link WebErrorCodes#WEB_ABORTED}, {@code web search
   * timed out after 3 s} (in whole seconds, else in milliseconds: {@code 1500 ms}). Every door of
   * the host (the CLI, {@code dsh run}, the {@code web_search} tool, the LangChain4j engine) words a
   * search its timeout aborted this one way.
   *
   * @param timeout the timeout that elapsed
   */
  public static WebError timedOut(Duration timeout) {
    long millis = timeout.toMillis();
    return new WebError(
        WebErrorCodes.WEB_ABORTED,
        "web search timed out after " + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms"));
  }

  /** The error code; see {@link WebErrorCodes}. */
  public String code() {
    return code;
  }

  /** The vendor's own error code, when the provider reported one. */
  public Optional<String> providerCode() {
    return Optional.ofNullable(providerCode);
  }

  /**
   * This error, also carrying the HTTP status the provider's service answered and the wait it asked
   * for in {@code Retry-After}: a caller can tell a rate limit ({@code 429}) from other failures
   * and pass the wait on.
   *
   * @param status the service's HTTP status, such as {@code 429}
   * @param retryAfter the service's {@code Retry-After}, when it sent a valid one
   */
  public WebError withUpstream(int status, @Nullable Duration retryAfter) {
    if (status < 100 || status > 999) {
      throw new IllegalArgumentException("an HTTP status has three digits: " + status);
    }
    if (retryAfter != null && retryAfter.isNegative()) {
      throw new IllegalArgumentException("Retry-After must not be negative: " + retryAfter);
    }
    return new WebError(this, status, retryAfter);
  }

  /** The HTTP status the provider's service answered, when the provider reported it. */
  public Optional<Integer> upstreamStatus() {
    return Optional.ofNullable(upstreamStatus);
  }

  /** How long the provider's service asked callers to wait ({@code Retry-After}), if it did. */
  public Optional<Duration> retryAfter() {
    return Optional.ofNullable(retryAfter);
  }

  @Override
  public String toString() {
    return "WebError[" + code + (providerCode == null ? "" : "/" + providerCode) + "]: "
        + getMessage();
  }
}
