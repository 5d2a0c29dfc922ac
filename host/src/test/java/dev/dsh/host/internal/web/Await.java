package dev.dsh.host.internal.web;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.web.WebError;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.assertj.core.api.AbstractThrowableAssert;

/** Waits for stages with a generous hang bound. */
final class Await {

  private Await() {}

  static <T> T result(CompletionStage<T> stage) throws Exception {
    return stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
  }

  /** Asserts that {@code stage} fails with a {@link WebError}; returns an assert on it. */
  static AbstractThrowableAssert<?, ? extends Throwable> failure(CompletionStage<?> stage) {
    return assertThatThrownBy(
            () -> {
              try {
                stage.toCompletableFuture().get(30, TimeUnit.SECONDS);
              } catch (ExecutionException e) {
                throw e.getCause();
              }
            })
        .isInstanceOf(WebError.class);
  }

  static String code(Throwable error) {
    return ((WebError) error).code();
  }
}
