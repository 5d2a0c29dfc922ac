package dev.dsh.api.web;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One search result: the page's url, its title and an excerpt in plain text, and its publication
 * time (ISO-8601 with an offset); a blank optional field is absent.
 */
public record WebSearchSource(
    String url, @Nullable String title, @Nullable String snippet, @Nullable String publishedAt) {

  public WebSearchSource {
    if (Objects.requireNonNull(url, "url").isBlank()) {
      throw new IllegalArgumentException("url must not be blank");
    }
    title = blankToNull(title);
    snippet = blankToNull(snippet);
    publishedAt = blankToNull(publishedAt);
  }

  private static @Nullable String blankToNull(@Nullable String value) {
    return value == null || value.isBlank() ? null : value;
  }
}
