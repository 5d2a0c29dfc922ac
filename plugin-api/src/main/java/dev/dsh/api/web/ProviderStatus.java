package dev.dsh.api.web;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A registered provider, whether it is available and ready now, and the one-line reason it is
 * not ({@link WebSearchProvider#unavailableReason()}, else its {@code notReadyReason()}).
 */
public record ProviderStatus(String id, boolean available, boolean ready, @Nullable String reason) {

  /** @throws IllegalArgumentException when {@code ready} and not {@code available} */
  public ProviderStatus {
    Objects.requireNonNull(id, "id");
    if (ready && !available) {
      throw new IllegalArgumentException("a provider that is not available is not ready");
    }
    reason = reason == null || reason.isBlank() ? null : reason;
  }

  /** {@link #reason()} as an optional. */
  public Optional<String> reasonOpt() {
    return Optional.ofNullable(reason);
  }
}
