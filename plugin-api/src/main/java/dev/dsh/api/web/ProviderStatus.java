package dev.dsh.api.web;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A registered provider, whether it is available now and whether it is ready.
 *
 * @param id the provider id
 * @param available what {@link WebSearchProvider#available()} answered
 * @param ready whether it is available and {@link WebSearchProvider#ready()}
 * @param reason why it cannot serve ({@link WebSearchProvider#unavailableReason()}) or, when
 *     available, why it is not ready ({@link WebSearchProvider#notReadyReason()}), in one line
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

  /** A provider ready exactly when available. */
  public ProviderStatus(String id, boolean available, @Nullable String reason) {
    this(id, available, available, reason);
  }

  /** A provider ready exactly when available, with no reason. */
  public ProviderStatus(String id, boolean available) {
    this(id, available, available, null);
  }

  /** {@link #reason()} as an optional. */
  public Optional<String> reasonOpt() {
    return Optional.ofNullable(reason);
  }
}
