package dev.dsh.yuanbao;

import dev.dsh.api.web.WebSearchSource;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The answer rules of docs/yuanbao.md read literally, with a Jackson tree, jsoup and the regex date
 * parser: the slow, obvious oracle the streaming decoder and mapper are held to.
 *
 * <p>It shares only the JSON tokenizer (and its limits) with the code under test.
 */
final class ReferenceReader {

  /** What an answer must come to: sources, or a failure with its exact message. */
  sealed interface Outcome permits Sources, Failure {}

  record Sources(List<WebSearchSource> sources) implements Outcome {}

  record Failure(String message, @Nullable String providerCode) implements Outcome {}

  private static final String INVALID = "Yuanbao returned an invalid response body";

  private final JsonMapper strict =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();
  private final JsonMapper lenient =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS).build();

  /**
   * The outcome the architecture prescribes, or empty when it prescribes none: a body whose envelope repeats
   * a key (RFC 8259 leaves the meaning of duplicate names open).
   */
  Optional<Outcome> read(int status, byte[] body) {
    if (status >= 300 && status < 400) {
      return Optional.of(requestFailed("HTTP " + status + " redirect refused"));
    }
    int offset =
        body.length >= 3
                && (body[0] & 0xFF) == 0xEF
                && (body[1] & 0xFF) == 0xBB
                && (body[2] & 0xFF) == 0xBF
            ? 3
            : 0;
    JsonNode root;
    try {
      // The body is UTF-8 or unreadable, whatever a JSON tokenizer would make of its bytes; one
      // byte-order mark is skipped, a second is a character where JSON allows none (the byte
      // tokenizer would skip it too).
      String text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body)).toString();
      boolean secondMark = offset > 0 && text.startsWith("\uFEFF", 1);
      root = secondMark ? null : strict.readTree(body, offset, body.length - offset);
    } catch (CharacterCodingException e) {
      root = null;
    } catch (RuntimeException e) {
      if (parses(body, offset)) {
        return Optional.empty();
      }
      root = null;
    }
    JsonNode response = root != null && root.isObject() ? root.get("Response") : null;
    if (response != null && response.isObject()) {
      JsonNode error = response.get("Error");
      if (error != null && error.isObject()) {
        JsonNode code = error.get("Code");
        if (code != null && code.isIntegralNumber() && code.asString().equals("0")) {
          return Optional.empty(); // a tree cannot tell "-0" from "0": the code text is unknown
        }
        return Optional.of(envelope(error));
      }
    }
    if (status < 200 || status >= 300) {
      return Optional.of(requestFailed("HTTP " + status));
    }
    if (response == null || !response.isObject()) {
      return Optional.of(new Failure(INVALID, null));
    }
    JsonNode error = response.get("Error");
    JsonNode pages = response.get("Pages");
    if ((error != null && !error.isNull())
        || (pages != null && !pages.isNull() && !pages.isArray())) {
      return Optional.of(new Failure(INVALID, null));
    }
    List<WebSearchSource> sources = new ArrayList<>();
    if (pages != null && pages.isArray()) {
      for (JsonNode entry : pages) {
        JsonNode page = entry.isString() ? pageOf(entry.stringValue()) : entry;
        WebSearchSource source = page != null && page.isObject() ? map(page) : null;
        if (source != null) {
          sources.add(source);
        }
      }
    }
    return Optional.of(new Sources(sources));
  }

  private boolean parses(byte[] body, int offset) {
    try {
      lenient.readTree(body, offset, body.length - offset);
      return true;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private @Nullable JsonNode pageOf(String text) {
    try {
      return lenient.readTree(text);
    } catch (RuntimeException e) {
      return null;
    }
  }

  private static Failure requestFailed(String error) {
    return new Failure("Yuanbao search request failed: " + error, null);
  }

  private static Failure envelope(JsonNode error) {
    JsonNode codeNode = error.get("Code");
    String code =
        codeNode == null
            ? null
            : codeNode.isString()
                ? codeNode.stringValue()
                : codeNode.isIntegralNumber() ? codeNode.asString() : null;
    String message = string(error, "Message");
    if (message != null && !message.isBlank()) {
      return new Failure(message, code);
    }
    return new Failure("Yuanbao search failed: " + (code == null ? "unknown error" : code), code);
  }

  private static @Nullable WebSearchSource map(JsonNode page) {
    JsonNode vr = page.get("vr");
    JsonNode displayNode = page.get("display");
    JsonNode display = displayNode != null && displayNode.isObject() ? displayNode : null;
    boolean vertical =
        (vr != null && vr.isBoolean() && vr.booleanValue())
            || ((vr == null || vr.isNull()) && display != null);
    String url;
    String title;
    String snippet;
    String date;
    if (vertical) {
      url = firstNonNull(url(string(display, "url")), url(string(page, "url")));
      title = firstNonNull(text(string(display, "title")), text(string(page, "title")));
      snippet =
          firstNonNull(
              text(string(page, "passage")),
              firstNonNull(text(string(page, "content")), text(string(display, "content"))));
      date = firstNonNull(date(string(display, "date")), date(string(page, "date")));
    } else {
      url = url(string(page, "url"));
      title = text(string(page, "title"));
      snippet = text(string(page, "passage"));
      date = date(string(page, "date"));
    }
    if (url == null || snippet == null) {
      return null;
    }
    return new WebSearchSource(url, title, snippet, date);
  }

  private static @Nullable String string(@Nullable JsonNode node, String field) {
    JsonNode value = node == null ? null : node.get(field);
    return value != null && value.isString() ? value.stringValue() : null;
  }

  /**
   * Exactly jsoup's text without C0, DEL and C1 control characters; a text
   * that is blank is no text.
   */
  private static @Nullable String text(@Nullable String raw) {
    if (raw == null) {
      return null;
    }
    String text = Jsoup.parse(raw).text().replaceAll("[\\x00-\\x1F\\x7F-\\x9F]", "").trim();
    return text.isBlank() ? null : text;
  }

  private static @Nullable String url(@Nullable String raw) {
    if (raw == null || raw.trim().isEmpty()) {
      return null;
    }
    String url = raw.trim();
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      boolean http = scheme.equals("http") || scheme.equals("https");
      return http && uri.getRawAuthority() != null ? url : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static @Nullable String date(@Nullable String raw) {
    return raw == null ? null : RegexDates.normalize(raw);
  }

  private static @Nullable String firstNonNull(@Nullable String a, @Nullable String b) {
    return a != null ? a : b;
  }
}
