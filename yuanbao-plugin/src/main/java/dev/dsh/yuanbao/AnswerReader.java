package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.time.DateTimeException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;

/**
 * Turns a status and body into a result, with the precedence of docs/yuanbao.md, in one pass of
 * Jackson's streaming parser; {@link PageReader} reads each page.
 */
final class AnswerReader {

  private AnswerReader() {}

  /** Reads answers and writes requests, with lower-case hex escapes. */
  static final JsonFactory JSON =
      JsonFactory.builder().disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE).build();

  /** The result, scrubbed of the key; else a {@link WebError}, with a non-2xx status upstream. */
  static WebSearchResult read(Failures failures, int status, @Nullable String retryAfter, byte[] body) {
    try {
      return decoded(failures, status, body);
    } catch (WebError e) {
      throw status / 100 == 2 ? e : e.withUpstream(status, wait(retryAfter, Instant.now()));
    }
  }

  /** {@code Retry-After} as delay-seconds or an HTTP-date from {@code now}; null when neither. */
  static @Nullable Duration wait(@Nullable String value, Instant now) {
    String v = value == null ? "" : value.strip();
    try {
      if (v.matches("[0-9]{1,12}")) {
        return Duration.ofSeconds(Long.parseLong(v));
      }
      Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
      return at.isAfter(now) ? Duration.between(now, at) : Duration.ZERO;
    } catch (DateTimeException e) {
      return null;
    }
  }

  private static WebSearchResult decoded(Failures failures, int status, byte[] body) {
    if (status >= 300 && status < 400) {
      throw failures.requestFailed("HTTP " + status + " redirect refused", null);
    }
    Object decoded = decode(failures, body);
    if (decoded instanceof WebError envelope) {
      throw envelope;
    }
    if (status < 200 || status >= 300) {
      throw failures.requestFailed("HTTP " + status, null);
    }
    if (!(decoded instanceof List<?> pages)) {
      throw failures.invalidBody();
    }
    List<WebSearchSource> sources = new ArrayList<>(pages.size());
    for (Object s : pages) {
      if (s != null) {
        sources.add(failures.scrub((WebSearchSource) s));
      }
    }
    return new WebSearchResult(null, null, sources, false, pages.size() - sources.size());
  }

  /**
   * The error envelope (a {@link WebError}), the pages (null for one dropped), or null for an
   * invalid body. The JDK's strict decoder reads the bytes: Jackson's byte parser before 3.3
   * accepts some ill-formed UTF-8, and takes a leading NUL for UTF-16 or UTF-32.
   */
  private static @Nullable Object decode(Failures failures, byte[] body) {
    CharBuffer text;
    try {
      text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(body));
    } catch (CharacterCodingException e) {
      return null;
    }
    int from = text.hasRemaining() && text.get(0) == '\uFEFF' ? 1 : 0;
    try (JsonParser p =
        JSON.createParser(ObjectReadContext.empty(), text.array(), from, text.limit() - from)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      Object decoded = null;
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        boolean response = "Response".equals(p.currentName());
        JsonToken value = p.nextToken();
        if (response) {
          decoded = value == JsonToken.START_OBJECT ? readResponse(failures, p) : null;
        }
        p.skipChildren();
      }
      return p.nextToken() == null ? decoded : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Reads {@code Response}: {@code Error} wins wherever it stands among the pages. */
  private static @Nullable Object readResponse(Failures failures, JsonParser p) {
    boolean shapeOk = true;
    boolean error = false;
    String code = null;
    String message = null;
    List<@Nullable WebSearchSource> pages = List.of();
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (name.equals("Error")) {
        error = value == JsonToken.START_OBJECT;
        shapeOk &= error || value == JsonToken.VALUE_NULL;
        code = null;
        message = null;
        while (error && p.nextToken() == JsonToken.PROPERTY_NAME) {
          String field = p.currentName();
          JsonToken v = p.nextToken();
          if (field.equals("Code")) {
            code = v == JsonToken.VALUE_STRING || v == JsonToken.VALUE_NUMBER_INT ? p.getString() : null;
          } else if (field.equals("Message")) {
            message = v == JsonToken.VALUE_STRING ? p.getString() : null;
          }
          p.skipChildren();
        }
      } else if (name.equals("Pages")) {
        pages = value == JsonToken.START_ARRAY ? readPages(p) : List.of();
        shapeOk &= value == JsonToken.START_ARRAY || value == JsonToken.VALUE_NULL;
      }
      p.skipChildren();
    }
    return error ? failures.envelope(code, message) : shapeOk ? pages : null;
  }

  private static List<@Nullable WebSearchSource> readPages(JsonParser p) {
    List<@Nullable WebSearchSource> pages = new ArrayList<>();
    for (JsonToken t; (t = p.nextToken()) != JsonToken.END_ARRAY; p.skipChildren()) {
      if (t == JsonToken.VALUE_STRING) {
        // Parsed from the parser's buffer of the unescaped string: no String copy in between.
        pages.add(PageReader.parse(p.getStringCharacters(), p.getStringOffset(), p.getStringLength()));
      } else {
        pages.add(t == JsonToken.START_OBJECT ? PageReader.read(p) : null);
      }
    }
    return pages;
  }
}
