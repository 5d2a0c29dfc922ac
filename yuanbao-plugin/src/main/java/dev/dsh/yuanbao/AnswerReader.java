package dev.dsh.yuanbao;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
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
 * Turns a received status and body into a result, with the precedence of docs/ARCHITECTURE.md,
 * section 5: a redirect fails at once; an error envelope wins whatever the status; then a non-2xx
 * status; then the shape. The body is read in one pass of Jackson's streaming parser, skipping what
 * the mapping does not read; {@link PageReader} reads each page.
 */
final class AnswerReader {

  private AnswerReader() {}

  /** The plugin's one factory: it reads answers and writes requests, with lower-case hex escapes. */
  static final JsonFactory JSON =
      JsonFactory.builder().disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE).build();
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final long HIGH_BITS = 0x8080808080808080L;

  /** An error envelope, the mapped pages (null for one dropped), or neither (not valid). */
  private record Decoded(boolean valid, boolean error, @Nullable String code,
      @Nullable String message, List<@Nullable WebSearchSource> pages) {}

  private static final Decoded INVALID = new Decoded(false, false, null, null, List.of());

  /**
   * The result, its strings scrubbed of the key; throws no other failure than {@link WebError},
   * which for a non-2xx status carries it and the service's {@code Retry-After} (garbage ignored).
   */
  static WebSearchResult read(Failures failures, int status, @Nullable String retryAfter, byte[] body) {
    try {
      return read(failures, status, body);
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

  static WebSearchResult read(Failures failures, int status, byte[] body) {
    if (status >= 300 && status < 400) {
      throw failures.requestFailed("HTTP " + status + " redirect refused");
    }
    Decoded decoded = decode(body);
    if (decoded.error()) {
      throw failures.envelope(decoded.code(), decoded.message());
    }
    if (status < 200 || status >= 300) {
      throw failures.requestFailed("HTTP " + status);
    }
    if (!decoded.valid()) {
      throw failures.invalidBody();
    }
    List<WebSearchSource> sources = new ArrayList<>(decoded.pages().size());
    for (WebSearchSource s : decoded.pages()) {
      if (s != null) {
        sources.add(failures.scrub(s));
      }
    }
    return new WebSearchResult(null, null, sources, false, decoded.pages().size() - sources.size());
  }

  /**
   * Never throws: an unreadable body (not UTF-8, not JSON) is {@link #INVALID}; one leading
   * byte-order mark is skipped.
   */
  private static Decoded decode(byte[] body) {
    if (!isUtf8WithoutNul(body)) {
      return INVALID;
    }
    try (JsonParser p = JSON.createParser(ObjectReadContext.empty(), body)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return INVALID;
      }
      Decoded decoded = INVALID;
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        boolean response = "Response".equals(p.currentName());
        JsonToken value = p.nextToken();
        if (response) {
          decoded = value == JsonToken.START_OBJECT ? readResponse(p) : INVALID;
        }
        p.skipChildren();
      }
      return p.nextToken() == null ? decoded : INVALID;
    } catch (RuntimeException e) {
      return INVALID;
    }
  }

  /**
   * Whether the body is well-formed UTF-8 (no overlong form, surrogate or code point past
   * U+10FFFF) without a NUL byte, which JSON never holds unescaped. The check comes first because
   * Jackson's byte parser before 3.3 accepts some ill-formed bytes, and because it takes a body
   * with a NUL among its first bytes for UTF-16 or UTF-32. Its two fast paths (eight ASCII bytes
   * at a time; a three-byte lead with no rule on its second byte, most of CJK) keep it to a few
   * per cent of a search (BENCHMARKS.md (f)).
   */
  static boolean isUtf8WithoutNul(byte[] b) {
    int n = b.length;
    for (int i = 0; i < n; ) {
      int c = b[i];
      if (c > 0) {
        // A NUL byte borrows into its high bit; any other non-ASCII byte has it set.
        long w = i + 8 <= n ? (long) LONGS.get(b, i) : HIGH_BITS;
        i += ((w | (w - 0x0101010101010101L)) & HIGH_BITS) == 0 ? 8 : 1;
        continue;
      }
      // Signed bytes: continuation bytes are 0x80..0xBF, -128..-65.
      if (c >= (byte) 0xE1 && c <= (byte) 0xEF && c != (byte) 0xED) {
        if (i + 2 >= n || b[i + 1] > -65 || b[i + 2] > -65) {
          return false;
        }
        i += 3;
        continue;
      }
      int lo = -128; // the bounds of the second byte
      int hi = -65;
      int length;
      if (c == 0 || c < (byte) 0xC2) {
        return false; // NUL, a continuation byte, or an overlong two-byte lead
      } else if (c < (byte) 0xE0) {
        length = 2;
      } else if (c < (byte) 0xF0) {
        length = 3;
        lo = c == (byte) 0xE0 ? (byte) 0xA0 : lo; // overlong
        hi = c == (byte) 0xED ? (byte) 0x9F : hi; // surrogates
      } else if (c < (byte) 0xF5) {
        length = 4;
        lo = c == (byte) 0xF0 ? (byte) 0x90 : lo; // overlong
        hi = c == (byte) 0xF4 ? (byte) 0x8F : hi; // past U+10FFFF
      } else {
        return false;
      }
      if (i + length > n || b[i + 1] < lo || b[i + 1] > hi) {
        return false;
      }
      for (int k = 2; k < length; k++) {
        if (b[i + k] > -65) {
          return false;
        }
      }
      i += length;
    }
    return true;
  }

  /** Reads {@code Response}: {@code Error} wins wherever it stands among the pages. */
  private static Decoded readResponse(JsonParser p) {
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
    return error
        ? new Decoded(true, true, code, message, List.of())
        : shapeOk ? new Decoded(true, false, null, null, pages) : INVALID;
  }

  /** The entries, each a page string or a raw object; anything else is a dropped entry. */
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
