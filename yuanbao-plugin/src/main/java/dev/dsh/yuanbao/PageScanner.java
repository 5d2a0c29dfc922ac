package dev.dsh.yuanbao;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.jspecify.annotations.Nullable;

/**
 * Reads one {@code Pages} entry straight from the escaped UTF-8 bytes of its JSON string in the
 * body: the page's JSON is read through the outer string's escapes ({@code \"} is a quote of the
 * page's JSON), only the fields the mapping uses become strings, and everything else is checked
 * and skipped without being decoded.
 *
 * <p>A fast path, never a verdict: it returns a page only for a string that certainly holds
 * exactly one well-formed JSON object in valid UTF-8, and null for anything else or anything it is
 * unsure of (an escaped key, a {@code \}{@code u} escape in the outer string, a lone surrogate,
 * deep nesting, a malformed value...). The caller then takes the Jackson path, which decides. A
 * property test holds the two paths equal.
 *
 * <p>One instance per body; not thread-safe.
 */
final class PageScanner {

  /** Thrown (without a stack) when the scan cannot vouch for the page. */
  private static final class Unsure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Unsure() {
      super(null, null, false, false);
    }
  }

  private static final Unsure UNSURE = new Unsure();

  /** The raw quote that closes the page's string in the body. */
  private static final int END = -2;

  private static final int MAX_DEPTH = 64;
  private static final int MAX_KEY = 1000;
  private static final int MAX_NUMBER = 100;

  private static final byte[] VR = ascii("vr");
  private static final byte[] URL = ascii("url");
  private static final byte[] TITLE = ascii("title");
  private static final byte[] DATE = ascii("date");
  private static final byte[] PASSAGE = ascii("passage");
  private static final byte[] CONTENT = ascii("content");
  private static final byte[] DISPLAY = ascii("display");

  private final byte[] b;
  private int pos;
  private char[] chars = new char[256];

  PageScanner(byte[] body) {
    this.b = body;
  }

  /** Where the last successful {@link #scan} ended: just after the page string's closing quote. */
  int end() {
    return pos;
  }

  /**
   * The page whose JSON string starts at {@code start} (just after its opening quote), or null
   * when this scan cannot vouch for it.
   */
  @Nullable Page scan(int start) {
    pos = start;
    try {
      if (nonWhite() != '{') {
        return null;
      }
      Page page = readPage();
      return nonWhite() == END ? page : null;
    } catch (Unsure | ArrayIndexOutOfBoundsException e) {
      return null;
    }
  }

  private Page readPage() {
    Page.Vr vr = Page.Vr.ABSENT;
    String url = null;
    String title = null;
    String date = null;
    String passage = null;
    int contentAt = -1;
    Page.Display display = null;
    int c = nonWhite();
    if (c != '}') {
      while (true) {
        if (c != '"') {
          throw UNSURE;
        }
        int keyStart = pos;
        int keyLength = key();
        int v = valueStart();
        if (is(VR, keyStart, keyLength)) {
          vr = v == 't' ? Page.Vr.TRUE : v == 'n' ? Page.Vr.ABSENT : Page.Vr.OTHER;
          skipValue(v, 1);
        } else if (is(URL, keyStart, keyLength)) {
          url = stringOrSkip(v);
        } else if (is(TITLE, keyStart, keyLength)) {
          title = stringOrSkip(v);
        } else if (is(DATE, keyStart, keyLength)) {
          date = stringOrSkip(v);
        } else if (is(PASSAGE, keyStart, keyLength)) {
          passage = stringOrSkip(v);
        } else if (is(CONTENT, keyStart, keyLength)) {
          // Only a vertical page reads content: decoded at the end, once that is known.
          contentAt = v == '"' ? pos : -1;
          skipValue(v, 1);
        } else if (is(DISPLAY, keyStart, keyLength)) {
          display = v == '{' ? readDisplay() : null;
          if (v != '{') {
            skipValue(v, 1);
          }
        } else {
          skipValue(v, 1);
        }
        c = nonWhite();
        if (c == '}') {
          break;
        }
        if (c != ',') {
          throw UNSURE;
        }
        c = nonWhite();
      }
    }
    Page page = new Page(vr, url, title, date, passage, null, display);
    if (contentAt < 0 || !page.vertical()) {
      return page;
    }
    int after = pos;
    pos = contentAt;
    String content = string();
    pos = after;
    return new Page(vr, url, title, date, passage, content, display);
  }

  private Page.Display readDisplay() {
    String url = null;
    String title = null;
    String date = null;
    String content = null;
    int c = nonWhite();
    if (c != '}') {
      while (true) {
        if (c != '"') {
          throw UNSURE;
        }
        int keyStart = pos;
        int keyLength = key();
        int v = valueStart();
        if (is(URL, keyStart, keyLength)) {
          url = stringOrSkip(v);
        } else if (is(TITLE, keyStart, keyLength)) {
          title = stringOrSkip(v);
        } else if (is(DATE, keyStart, keyLength)) {
          date = stringOrSkip(v);
        } else if (is(CONTENT, keyStart, keyLength)) {
          content = stringOrSkip(v);
        } else {
          skipValue(v, 2);
        }
        c = nonWhite();
        if (c == '}') {
          break;
        }
        if (c != ',') {
          throw UNSURE;
        }
        c = nonWhite();
      }
    }
    return new Page.Display(url, title, date, content);
  }

  /** After a member's key: the colon, then the first unit of the value (consumed). */
  private int valueStart() {
    if (nonWhite() != ':') {
      throw UNSURE;
    }
    return nonWhite();
  }

  private @Nullable String stringOrSkip(int v) {
    if (v == '"') {
      return string();
    }
    skipValue(v, 1);
    return null;
  }

  /**
   * Reads a key whose opening quote was consumed; returns its length in raw bytes. Keys with
   * escapes (or over {@value #MAX_KEY} bytes) are not vouched for.
   */
  private int key() {
    int start = pos;
    while (true) {
      int c = b[pos] & 0xFF;
      if (c == '\\') {
        if (b[pos + 1] != '"') {
          throw UNSURE;
        }
        int length = pos - start;
        pos += 2;
        return length;
      }
      if (c == '"' || c < 0x20 || pos - start > MAX_KEY) {
        throw UNSURE;
      }
      pos += c < 0x80 ? 1 : utf8Length(pos);
    }
  }

  private boolean is(byte[] name, int start, int length) {
    if (length != name.length) {
      return false;
    }
    for (int i = 0; i < length; i++) {
      if (b[start + i] != name[i]) {
        return false;
      }
    }
    return true;
  }

  /** Skips the value whose first unit {@code c} was consumed. */
  private void skipValue(int c, int depth) {
    if (depth > MAX_DEPTH) {
      throw UNSURE;
    }
    switch (c) {
      case '"' -> skipString();
      case '{' -> {
        int n = nonWhite();
        if (n == '}') {
          return;
        }
        while (true) {
          if (n != '"') {
            throw UNSURE;
          }
          skipString();
          skipValue(valueStart(), depth + 1);
          n = nonWhite();
          if (n == '}') {
            return;
          }
          if (n != ',') {
            throw UNSURE;
          }
          n = nonWhite();
        }
      }
      case '[' -> {
        int n = nonWhite();
        if (n == ']') {
          return;
        }
        while (true) {
          skipValue(n, depth + 1);
          n = nonWhite();
          if (n == ']') {
            return;
          }
          if (n != ',') {
            throw UNSURE;
          }
          n = nonWhite();
        }
      }
      case 't' -> literal("rue");
      case 'f' -> literal("alse");
      case 'n' -> literal("ull");
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          number();
        } else {
          throw UNSURE;
        }
      }
    }
  }

  private void literal(String rest) {
    for (int i = 0; i < rest.length(); i++) {
      if (b[pos++] != rest.charAt(i)) {
        throw UNSURE;
      }
    }
    delimiterNext();
  }

  /** A JSON number whose first character was consumed; raw ASCII, so read from the bytes. */
  private void number() {
    int start = pos - 1;
    int p = start;
    if (b[p] == '-') {
      p++;
    }
    if (b[p] == '0') {
      p++;
    } else {
      p = digits(p);
    }
    if (b[p] == '.') {
      p = digits(p + 1);
    }
    if (b[p] == 'e' || b[p] == 'E') {
      p++;
      if (b[p] == '+' || b[p] == '-') {
        p++;
      }
      p = digits(p);
    }
    if (p - start > MAX_NUMBER) {
      throw UNSURE;
    }
    pos = p;
    delimiterNext();
  }

  /** At least one ASCII digit from {@code p}; the index after the last. */
  private int digits(int p) {
    if (!isDigit(b[p])) {
      throw UNSURE;
    }
    while (isDigit(b[p])) {
      p++;
    }
    return p;
  }

  private static boolean isDigit(byte c) {
    return c >= '0' && c <= '9';
  }

  /** A scalar ends at whitespace, a comma, a closing bracket or the end of the page. */
  private void delimiterNext() {
    int save = pos;
    int c = unit();
    pos = save;
    if (!(isWhite(c) || c == ',' || c == '}' || c == ']' || c == END)) {
      throw UNSURE;
    }
  }

  /** Skips a string whose opening quote was consumed, checking its escapes and UTF-8. */
  private void skipString() {
    byte[] bytes = b;
    int p = pos;
    while (true) {
      byte c = bytes[p];
      if (c >= 0x20 && c != '\\' && c != '"') {
        p++;
        continue;
      }
      if (c < 0) {
        p += isCjkLike(bytes, p) ? 3 : utf8Length(p);
        continue;
      }
      if (c != '\\') {
        throw UNSURE;
      }
      byte e = bytes[p + 1];
      if (e == '"') {
        pos = p + 2;
        return;
      }
      if (e == '\\') {
        pos = p + 2;
        innerEscape(false);
        p = pos;
      } else if (e == '/') {
        p += 2;
      } else {
        throw UNSURE;
      }
    }
  }

  /**
   * Reads a string whose opening quote was consumed, decoding its UTF-8 and escapes straight into
   * a char buffer: one exact-size string per field, no byte-to-char detour.
   */
  private String string() {
    int n = 0;
    while (true) {
      if (n + 2 > chars.length) {
        chars = Arrays.copyOf(chars, Math.max(64, chars.length * 2));
      }
      int c = b[pos] & 0xFF;
      if (c == '\\') {
        int e = b[pos + 1];
        pos += 2;
        if (e == '"') {
          return new String(chars, 0, n);
        } else if (e == '\\') {
          n += Character.toChars(innerEscape(true), chars, n);
        } else if (e == '/') {
          chars[n++] = '/';
        } else {
          throw UNSURE;
        }
      } else if (c == '"' || c < 0x20) {
        throw UNSURE;
      } else if (c < 0x80) {
        chars[n++] = (char) c;
        pos++;
      } else if (isCjkLike(b, pos)) {
        chars[n++] = (char) (((c & 0x0F) << 12) | ((b[pos + 1] & 0x3F) << 6) | (b[pos + 2] & 0x3F));
        pos += 3;
      } else {
        int length = utf8Length(pos);
        int cp =
            switch (length) {
              case 2 -> ((c & 0x1F) << 6) | (b[pos + 1] & 0x3F);
              case 3 -> ((c & 0x0F) << 12) | ((b[pos + 1] & 0x3F) << 6) | (b[pos + 2] & 0x3F);
              default ->
                  ((c & 0x07) << 18)
                      | ((b[pos + 1] & 0x3F) << 12)
                      | ((b[pos + 2] & 0x3F) << 6)
                      | (b[pos + 3] & 0x3F);
            };
        pos += length;
        if (cp < 0x10000) {
          chars[n++] = (char) cp;
        } else {
          n += Character.toChars(cp, chars, n);
        }
      }
    }
  }

  /**
   * The page's own escape after its backslash (consumed): the code point it stands for. An escaped
   * surrogate is taken only as a well-formed pair in a string that is kept; anywhere else it is
   * left to Jackson, which decides.
   */
  private int innerEscape(boolean keeping) {
    int e = unit();
    switch (e) {
      case '"', '\\', '/':
        return e;
      case 'b':
        return '\b';
      case 'f':
        return '\f';
      case 'n':
        return '\n';
      case 'r':
        return '\r';
      case 't':
        return '\t';
      case 'u':
        int value = hex4();
        if (!Character.isSurrogate((char) value)) {
          return value;
        }
        if (!keeping) {
          // Skipped text: the outer parser rejects some escaped surrogates (in names): unsure.
          throw UNSURE;
        }
        if (!Character.isHighSurrogate((char) value) || unit() != '\\' || unit() != 'u') {
          throw UNSURE;
        }
        int low = hex4();
        if (!Character.isLowSurrogate((char) low)) {
          throw UNSURE;
        }
        return Character.toCodePoint((char) value, (char) low);
      default:
        throw UNSURE;
    }
  }

  private int hex4() {
    int value = 0;
    for (int i = 0; i < 4; i++) {
      int d = Character.digit(unit(), 16);
      if (d < 0) {
        throw UNSURE;
      }
      value = value * 16 + d;
    }
    return value;
  }

  /** The next unit that is not the page's whitespace. */
  private int nonWhite() {
    int c;
    do {
      c = unit();
    } while (isWhite(c));
    return c;
  }

  private static boolean isWhite(int c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }

  /**
   * The next character of the page's JSON outside its strings, read through the outer string's
   * escapes: an ASCII character, or {@link #END} at the outer closing quote.
   */
  private int unit() {
    int c = b[pos] & 0xFF;
    if (c == '\\') {
      int e = b[pos + 1];
      pos += 2;
      return switch (e) {
        case '"' -> '"';
        case '\\' -> '\\';
        case '/' -> '/';
        case 'n' -> '\n';
        case 'r' -> '\r';
        case 't' -> '\t';
        default -> throw UNSURE;
      };
    }
    if (c == '"') {
      pos++;
      return END;
    }
    if (c < 0x20 || c >= 0x80) {
      // Outside a string, only ASCII belongs to the page's JSON.
      throw UNSURE;
    }
    pos++;
    return c;
  }

  /**
   * Whether {@code p} starts a well-formed three-byte sequence of U+1000..U+CFFF or U+E000..U+FFFF
   * (lead byte E1..EC or EE..EF, two continuation bytes): most CJK text, checked in one go. Other
   * sequences take {@link #utf8Length}.
   */
  private static boolean isCjkLike(byte[] bytes, int p) {
    int lead = bytes[p] & 0xFF;
    return lead >= 0xE1
        && lead <= 0xEF
        && lead != 0xED
        && (bytes[p + 1] & 0xC0) == 0x80
        && (bytes[p + 2] & 0xC0) == 0x80;
  }

  /** The length of the well-formed UTF-8 sequence at {@code p}; anything else is unsure. */
  int utf8Length(int p) {
    int c = b[p] & 0xFF;
    if (c < 0xC2) {
      throw UNSURE;
    }
    if (c < 0xE0) {
      continuation(b[p + 1], 0x80, 0xBF);
      return 2;
    }
    if (c < 0xF0) {
      continuation(b[p + 1], c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF);
      continuation(b[p + 2], 0x80, 0xBF);
      return 3;
    }
    if (c < 0xF5) {
      continuation(b[p + 1], c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF);
      continuation(b[p + 2], 0x80, 0xBF);
      continuation(b[p + 3], 0x80, 0xBF);
      return 4;
    }
    throw UNSURE;
  }

  private static void continuation(byte b, int min, int max) {
    int c = b & 0xFF;
    if (c < min || c > max) {
      throw UNSURE;
    }
  }

  private static byte[] ascii(String s) {
    return s.getBytes(StandardCharsets.US_ASCII);
  }
}
