package dev.dsh.api.web;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import org.jspecify.annotations.Nullable;

/** A failed web operation, with a machine-readable {@link #code()}; its message holds no secret. */
public class WebError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final String code;
  private final @Nullable String providerCode;
  private final @Nullable Integer upstreamStatus;
  private final @Nullable Duration retryAfter;

  /** An error with a {@code code} ({@link WebErrorCodes}) and a message. */
  public WebError(String code, String message) {
    this(code, message, null, null);
  }

  /** An error with a cause. */
  public WebError(String code, String message, @Nullable Throwable cause) {
    this(code, message, null, cause);
  }

  /** An error with the vendor's own code (such as an envelope's {@code Code}) and a cause. */
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

  /** The error of a search whose timeout passed: {@code web search timed out after 3 s}. */
  public static WebError timedOut(Duration timeout) {
    long millis = timeout.toMillis();
    return new WebError(
        WebErrorCodes.WEB_ABORTED,
        "web search timed out after " + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms"));
  }

  /**
   * {@code failure}, unwrapped, as a WebError: a cancellation is {@code <what> was cancelled}, any
   * other {@code <what> failed: <simple class name>} (a raw message may carry request data).
   */
  public static WebError of(Throwable failure, String what) {
    Throwable cause = unwrap(failure);
    if (cause instanceof WebError error) {
      return error;
    }
    return cause instanceof CancellationException
        ? new WebError(WebErrorCodes.WEB_ABORTED, what + " was cancelled", cause)
        : new WebError(WebErrorCodes.WEB_PROVIDER_ERROR,
            what + " failed: " + cause.getClass().getSimpleName(), cause);
  }

  /** {@code failure} without the CompletionException and ExecutionException wrapped round it. */
  public static Throwable unwrap(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    return cause;
  }

  /** The error code ({@link WebErrorCodes}). */
  public String code() {
    return code;
  }

  /** The vendor's own error code, when the provider reported one. */
  public Optional<String> providerCode() {
    return Optional.ofNullable(providerCode);
  }

  /** This error with the HTTP status the provider's service answered and its Retry-After. */
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
