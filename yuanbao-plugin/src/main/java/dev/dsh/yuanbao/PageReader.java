package dev.dsh.yuanbao;

import dev.dsh.api.web.WebSearchSource;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import org.jsoup.Jsoup;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;

/**
 * Reads one {@code Pages} entry and maps it to a source as docs/yuanbao.md says: only the fields
 * the mapping reads are decoded, and a page with no url or snippet is null.
 */
final class PageReader {

  /** The string fields read of a page or of its {@code display} object, by index. */
  private static final List<String> FIELDS = List.of("url", "title", "date", "passage", "content");

  private static final int URL = 0;
  private static final int TITLE = 1;
  private static final int DATE = 2;
  private static final int PASSAGE = 3;
  private static final int CONTENT = 4;
  private static final @Nullable String[] NONE = new String[FIELDS.size()];

  /** The markup SearchPro sends, and the text each piece stands for. */
  private static final List<String> MARKUP =
      List.of("<em>", "</em>", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;");

  private static final List<String> TEXT = List.of("", "", "&", "<", ">", "\"", "'");

  private PageReader() {}

  /** The page a page string holds, or null unless it is exactly one JSON object. */
  static @Nullable WebSearchSource parse(char[] text, int offset, int length) {
    try (JsonParser p = AnswerReader.JSON.createParser(ObjectReadContext.empty(), text, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      WebSearchSource page = read(p);
      return p.nextToken() == null ? page : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Maps the page object at the parser; only a vertical one reads {@code content}, display. */
  static @Nullable WebSearchSource read(JsonParser p) {
    @Nullable String[] page = new String[FIELDS.size()];
    @Nullable String[] display = null;
    JsonToken vr = JsonToken.VALUE_NULL;
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      if (name.equals("vr")) {
        vr = v;
      } else if (name.equals("display")) {
        display = v == JsonToken.START_OBJECT ? new String[FIELDS.size()] : null;
        while (display != null && p.nextToken() == JsonToken.PROPERTY_NAME) {
          field(p, p.currentName(), p.nextToken(), display);
          p.skipChildren();
        }
      } else {
        field(p, name, v, page);
      }
      p.skipChildren();
    }
    boolean vertical = vr == JsonToken.VALUE_TRUE || (vr == JsonToken.VALUE_NULL && display != null);
    @Nullable String[] d = vertical && display != null ? display : NONE;
    String url = httpUrl(d[URL]);
    url = url == null ? httpUrl(page[URL]) : url;
    String snippet = text(page[PASSAGE]);
    if (snippet == null && vertical) {
      snippet = text(page[CONTENT]);
      snippet = snippet == null ? text(d[CONTENT]) : snippet;
    }
    if (url == null || snippet == null) {
      return null;
    }
    String title = text(d[TITLE]);
    String date = date(d[DATE]);
    return new WebSearchSource(url, title == null ? text(page[TITLE]) : title, snippet,
        date == null ? date(page[DATE]) : date);
  }

  /** Sets the field {@code name} to its string value (null when it is no string), if read. */
  private static void field(JsonParser p, String name, JsonToken v, @Nullable String[] into) {
    int i = FIELDS.indexOf(name);
    if (i >= 0) {
      into[i] = v == JsonToken.VALUE_STRING ? p.getString() : null;
    }
  }

  // Null when blank once cleaned too: cleaning keeps U+2003, which isBlank() counts as white.
  private static @Nullable String text(@Nullable String raw) {
    if (raw == null || raw.isBlank()) {
      return null;
    }
    String cleaned = clean(raw);
    return cleaned.isBlank() ? null : cleaned;
  }

  /** The trimmed url as sent, or null unless it is an absolute http(s) URL. */
  private static @Nullable String httpUrl(@Nullable String raw) {
    String url = raw == null ? "" : raw.trim();
    try {
      return !url.isEmpty() && Settings.isHttpUrl(new URI(url)) ? url : null;
    } catch (URISyntaxException e) {
      return null;
    }
  }

  private static @Nullable String date(@Nullable String raw) {
    return raw == null || raw.isBlank() ? null : Dates.normalize(raw);
  }

  /**
   * {@code Jsoup.parse(s).text()} without C0 and C1 control characters (a terminal escape the
   * endpoint sent). Text whose only markup is what SearchPro sends skips jsoup, which would cost
   * about as much CPU as the rest of a search; {@code TextCleanerTest} holds that path to jsoup.
   */
  static String clean(String s) {
    String text = withSearchProMarkupOnly(s);
    return text != null ? text
        : Jsoup.parse(s).text().replaceAll("[\\x00-\\x1F\\x7F-\\x9F]", "").trim();
  }

  /**
   * jsoup's text of {@code s}, or null when {@code s} holds other markup, NUL or U+FFFF (jsoup's
   * end of input). White space is normalised as jsoup normalises a text node; control characters
   * go after that, so one between two spaces leaves both, as after jsoup.
   */
  private static @Nullable String withSearchProMarkupOnly(String s) {
    // Chars, not a StringBuilder: one that starts Latin-1 is copied again at its first Han one.
    char[] out = new char[s.length()];
    int n = 0;
    boolean pendingSpace = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\0' || c == '\uFFFF') {
        return null;
      }
      if (c == '<' || c == '&') {
        int piece = markupAt(s, i);
        if (piece < 0) {
          return null;
        }
        i += MARKUP.get(piece).length() - 1;
        if (TEXT.get(piece).isEmpty()) {
          continue; // a highlight tag
        }
        c = TEXT.get(piece).charAt(0);
      }
      if (c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == '\u00A0') {
        pendingSpace = n > 0;
      } else if (c != '\u200B' && c != '\u00AD') {
        if (pendingSpace) {
          out[n++] = ' ';
          pendingSpace = false;
        }
        if (c >= 0x20 && (c < 0x7F || c > 0x9F)) { // not a control character
          out[n++] = c;
        }
      }
    }
    return new String(out, 0, n).trim();
  }

  private static int markupAt(String s, int at) {
    for (int i = 0; i < MARKUP.size(); i++) {
      if (s.startsWith(MARKUP.get(i), at)) {
        return i;
      }
    }
    return -1;
  }
}
