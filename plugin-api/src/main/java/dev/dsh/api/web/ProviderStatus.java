package dev.dsh.api.web;

import java.util.Objects;

/**
 * A registered provider and whether it is available now.
 *
 * @param id the provider id
 * @param available what {@link WebSearchProvider#available()} answered
 */
public record ProviderStatus(String id, boolean available) {
  public ProviderStatus {
    Objects.requireNonNull(id, "id");
  }
}
