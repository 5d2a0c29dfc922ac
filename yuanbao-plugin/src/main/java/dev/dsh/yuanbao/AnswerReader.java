package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Turns a received status and body into a result, with the precedence of docs/ARCHITECTURE.md,
 * section 5: a redirect fails at once; an error envelope wins whatever the status; then a non-2xx
 * status; then the shape.
 *
 * <p>Every url, title and snippet is scrubbed of the resolved key. Never throws anything but {@link
 * WebError}.
 */
final class AnswerReader {

  private final ResponseDecoder decoder = new ResponseDecoder();

  /**
   * The result of an answer.
   *
   * @throws WebError the failure the answer stands for, its message scrubbed by {@code failures}
   */
  WebSearchResult read(Failures failures, int status, byte[] body) {
    if (status >= 300 && status < 400) {
      throw failures.requestFailed("HTTP " + status + " redirect refused");
    }
    Decoded decoded = decoder.decode(body);
    if (decoded.error()) {
      throw failures.envelope(decoded.errorCode(), decoded.errorMessage());
    }
    if (status < 200 || status >= 300) {
      throw failures.requestFailed("HTTP " + status);
    }
    if (!decoded.valid()) {
      throw failures.invalidBody();
    }
    try {
      List<WebSearchSource> sources = new ArrayList<>(decoded.pages().size());
      for (Page page : decoded.pages()) {
        WebSearchSource source = PageMapper.map(page);
        if (source != null) {
          sources.add(scrubbed(failures, source));
        }
      }
      return WebSearchResult.of(sources);
    } catch (RuntimeException e) {
      // Mapping is total on decoded pages; this only guards the "WebError only" promise.
      throw failures.invalidBody();
    }
  }

  /** The source with the key scrubbed from its url, title and snippet (the date cannot hold it). */
  private static WebSearchSource scrubbed(Failures failures, WebSearchSource s) {
    return new WebSearchSource(
        failures.scrub(s.url()), scrub(failures, s.title()), scrub(failures, s.snippet()),
        s.publishedAt());
  }

  private static @Nullable String scrub(Failures failures, @Nullable String text) {
    return text == null ? null : failures.scrub(text);
  }
}
