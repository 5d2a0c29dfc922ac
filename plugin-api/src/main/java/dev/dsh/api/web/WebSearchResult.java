package dev.dsh.api.web;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * The answer to one search.
 *
 * @param provider the id of the serving provider, filled in by the web service
 * @param content a provider-generated answer text, absent for providers that only list sources
 * @param sources the sources, best first; an unmodifiable copy
 * @param truncated true when sources were dropped to honour a limit
 * @param dropped how many unusable entries (no url, no snippet, unreadable) the provider received
 *     and left out; not counted in {@code truncated}
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

  /** A result that dropped nothing. */
  public WebSearchResult(@Nullable String provider, @Nullable String content,
      List<WebSearchSource> sources, boolean truncated) {
    this(provider, content, sources, truncated, 0);
  }

  /** A result of {@code sources} only, not truncated, with no provider id yet. */
  public static WebSearchResult of(List<WebSearchSource> sources) {
    return new WebSearchResult(null, null, sources, false);
  }
}
