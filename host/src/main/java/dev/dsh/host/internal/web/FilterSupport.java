package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;

import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** Refuses a request whose filters the serving provider does not honour, before it is called. */
final class FilterSupport {

  private FilterSupport() {}

  /** The refusal of {@code request} by provider {@code id}, or empty when it may run. */
  static Optional<WebError> refusal(String id, WebSearchProvider provider, WebSearchRequest request) {
    Set<SearchFilter> used = request.filters().used();
    if (used.isEmpty()) {
      return Optional.empty();
    }
    Set<SearchFilter> supported = provider.supportedFilters();
    String missing =
        used.stream()
            .filter(filter -> supported == null || !supported.contains(filter))
            .map(SearchFilter::fieldName)
            .collect(Collectors.joining(", "));
    if (missing.isEmpty()) {
      return Optional.empty();
    }
    String noun = missing.contains(",") ? "the filters " : "the filter ";
    return Optional.of(
        new WebError(
            WEB_REQUEST_UNSUPPORTED,
            "web provider \"" + id + "\" does not support " + noun + missing));
  }
}
