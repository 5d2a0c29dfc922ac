package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;

import dev.dsh.api.web.WebError;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** A search's failure as a {@link WebError}, the one rule every caller of a search applies. */
public final class WebErrors {

  private WebErrors() {}

  /**
   * {@code error} as a {@link WebError}, looking inside {@link CompletionException} and {@link
   * ExecutionException} wrappers: a {@code WebError} as is; a cancellation {@code WEB_ABORTED}
   * ({@code "<what> was cancelled"}); anything else {@code WEB_PROVIDER_ERROR} ({@code "<what>
   * failed: <class>"}), naming only the exception's class, since a raw message may carry request
   * data. The original is kept as the cause.
   */
  public static WebError of(Throwable error, String what) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException)
        && cause.getCause() != null) {
      cause = cause.getCause();
    }
    if (cause instanceof WebError webError) {
      return webError;
    }
    if (cause instanceof CancellationException) {
      return new WebError(WEB_ABORTED, what + " was cancelled", cause);
    }
    return new WebError(
        WEB_PROVIDER_ERROR, what + " failed: " + cause.getClass().getSimpleName(), cause);
  }
}
