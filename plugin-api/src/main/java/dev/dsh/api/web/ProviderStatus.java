package dev.dsh.api.web;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A registered provider, whether it is available now and whether it is ready.
 *
 * @param id the provider id
 * @param available what {@link WebSearchProvider#available()} answered
 * @param ready whether it is available and {@link WebSearchProvider#ready()} answered true; never
 *     true for a provider that is not available
 * @param reason in one line, why the provider cannot serve (from {@link
 *     WebSearchProvider#unavailableReason()}) or, when it is available, why it is not ready (from
 *     {@link WebSearchProvider#notReadyReason()}); absent when it is ready, or gave none
 */
public record ProviderStatus(String id, boolean available, boolean ready, @Nullable String reason) {

  /**
   * @throws IllegalArgumentException when {@code ready} is true and {@code available} false
   */
  public ProviderStatus {
    Objects.requireNonNull(id, "id");
    if (ready && !available) {
      throw new IllegalArgumentException("a provider that is not available is not ready");
    }
    if (reason != null && reason.isBlank()) {
      reason = null;
    }
  }

  /**
   * The status of a provider that says nothing of its readiness: ready exactly when available.
   */
  public ProviderStatus(String id, boolean available, @Nullable String reason) {
    this(id, available, available, reason);
  }

  /** A status without a reason, ready exactly when available. */
  public ProviderStatus(String id, boolean available) {
    this(id, available, available, null);
  }

  /** {@link #reason()} as an optional. */
  public Optional<String> reasonOpt() {
    return Optional.ofNullable(reason);
  }
}
