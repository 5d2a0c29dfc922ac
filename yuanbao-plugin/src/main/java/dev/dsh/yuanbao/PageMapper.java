package dev.dsh.yuanbao;

import dev.dsh.api.web.WebSearchSource;
import java.net.URI;
import java.net.URISyntaxException;
import org.jspecify.annotations.Nullable;

/**
 * Maps a decoded page to a source as docs/ARCHITECTURE.md section 5 says; null when it has no url
 * or snippet.
 */
final class PageMapper {

  private PageMapper() {}

  static @Nullable WebSearchSource map(Page page) {
    return page.vertical() ? vertical(page) : natural(page);
  }

  private static @Nullable WebSearchSource natural(Page page) {
    String url = httpUrl(page.url());
    String snippet = text(page.passage());
    if (url == null || snippet == null) {
      return null;
    }
    return new WebSearchSource(url, text(page.title()), snippet, date(page.date()));
  }

  private static @Nullable WebSearchSource vertical(Page page) {
    Page.Display d = page.display();
    String url = d == null ? null : httpUrl(d.url());
    if (url == null) {
      url = httpUrl(page.url());
    }
    String snippet = text(page.passage());
    if (snippet == null) {
      snippet = text(page.content());
    }
    if (snippet == null && d != null) {
      snippet = text(d.content());
    }
    if (url == null || snippet == null) {
      return null;
    }
    String title = d == null ? null : text(d.title());
    if (title == null) {
      title = text(page.title());
    }
    String date = d == null ? null : date(d.date());
    if (date == null) {
      date = date(page.date());
    }
    return new WebSearchSource(url, title, snippet, date);
  }

  /**
   * Cleaned text, or null when missing or blank once cleaned: cleaning keeps characters such as
   * U+2003 that {@link String#isBlank()} counts as white, and a blank snippet must drop its page.
   */
  static @Nullable String text(@Nullable String raw) {
    if (raw == null || raw.isBlank()) {
      return null;
    }
    String cleaned = TextCleaner.clean(raw);
    return cleaned.isBlank() ? null : cleaned;
  }

  /** The trimmed url as sent, or null unless it is an absolute http(s) URL. */
  static @Nullable String httpUrl(@Nullable String raw) {
    if (raw == null) {
      return null;
    }
    String url = raw.trim();
    if (url.isEmpty()) {
      return null;
    }
    try {
      return Settings.isHttpUrl(new URI(url)) ? url : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static @Nullable String date(@Nullable String raw) {
    return raw == null || raw.isBlank() ? null : Dates.normalize(raw);
  }
}
