package dev.dsh.api.web;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A registered provider and whether it is available now.
 *
 * @param id the provider id
 * @param available what {@link WebSearchProvider#available()} answered
 * @param reason why the provider cannot serve, in one line (from {@link
 *     WebSearchProvider#unavailableReason()}); absent when it can, or when it gave none
 */
public record ProviderStatus(String id, boolean available, @Nullable String reason) {

  public ProviderStatus {
    Objects.requireNonNull(id, "id");
    if (reason != null && reason.isBlank()) {
      reason = null;
    }
  }

  /** A status without a reason. */
  public ProviderStatus(String id, boolean available) {
    this(id, available, null);
  }

  /** {@link #reason()} as an optional. */
  public Optional<String> reasonOpt() {
    return Optional.ofNullable(reason);
  }
}
