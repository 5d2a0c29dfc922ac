package dev.dsh.api.web;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one search: the serving provider's id (set by the web service), its answer text if
 * any, the sources best first, whether some were cut to a limit, and how many unusable entries
 * (no url, no snippet, unreadable) the provider left out.
 */
public record WebSearchResult(@Nullable String provider, @Nullable String content,
    List<WebSearchSource> sources, boolean truncated, int dropped) {

  public WebSearchResult {
    sources = List.copyOf(Objects.requireNonNull(sources, "sources"));
    content = content == null || content.isBlank() ? null : content;
    if (dropped < 0) {
      throw new IllegalArgumentException("dropped must not be negative, was " + dropped);
    }
  }

  /** A result of {@code sources} only, not truncated, with no provider id yet. */
  public static WebSearchResult of(List<WebSearchSource> sources) {
    return new WebSearchResult(null, null, sources, false, 0);
  }
}
