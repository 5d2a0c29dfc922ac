package dev.dsh.langchain4j;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.langchain4j.web.search.WebSearchInformationResult;
import dev.langchain4j.web.search.WebSearchOrganicResult;
import dev.langchain4j.web.search.WebSearchResults;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A dsh result as LangChain4j's: an organic result per source, its title (LangChain4j requires one:
 * else the url's host, else the url), url, snippet, and metadata {@code publishedAt}, {@code
 * provider} when known.
 */
final class ResultMapping {

  // RFC 3986 unreserved and reserved characters, and '%'.
  private static final String URI_CHARACTERS =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%";

  private ResultMapping() {}

  static WebSearchResults toLangChain4j(WebSearchResult result) {
    List<WebSearchOrganicResult> organic = new ArrayList<>();
    for (WebSearchSource source : result.sources()) {
      // A url no URI can hold (such as one with a broken host) cannot become a result.
      uri(source.url()).ifPresent(url -> organic.add(organic(source, url, result.provider())));
    }
    Map<String, Object> searchMetadata = new LinkedHashMap<>();
    if (result.provider() != null) {
      searchMetadata.put("provider", result.provider());
    }
    searchMetadata.put("truncated", result.truncated());
    return new WebSearchResults(
        searchMetadata, WebSearchInformationResult.from((long) organic.size()), organic);
  }

  private static WebSearchOrganicResult organic(
      WebSearchSource source, URI url, @Nullable String provider) {
    Map<String, String> metadata = new LinkedHashMap<>();
    if (source.publishedAt() != null) {
      metadata.put("publishedAt", source.publishedAt());
    }
    if (provider != null) {
      metadata.put("provider", provider);
    }
    String title = source.title();
    if (title == null) {
      title = url.getHost() != null && !url.getHost().isBlank() ? url.getHost() : source.url();
    }
    return new WebSearchOrganicResult(title, url, source.snippet(), null, metadata);
  }

  /** {@code url} as a URI, with the characters a URI may not hold percent-encoded (UTF-8). */
  static Optional<URI> uri(String url) {
    StringBuilder encoded = new StringBuilder(url.length());
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (URI_CHARACTERS.indexOf(c) >= 0) {
        encoded.append(c);
        continue;
      }
      int end = Character.isHighSurrogate(c) && i + 1 < url.length() ? i + 2 : i + 1;
      for (byte b : url.substring(i, end).getBytes(StandardCharsets.UTF_8)) {
        encoded.append('%').append(String.format("%02X", b & 0xFF));
      }
      i = end - 1;
    }
    try {
      return Optional.of(URI.create(encoded.toString()));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }
}
