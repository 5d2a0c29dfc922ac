package dev.dsh.yuanbao;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * Reads a whole SearchPro answer of the usual shape straight from its bytes — {@code
 * {"Response":{..., "Pages":["...", ...], ...}}}, with no {@code Error} — each page through a
 * {@link PageScanner}, every other value checked (escapes, numbers, literals, strict UTF-8) and
 * skipped without being decoded. The body's bytes are walked once: no parser skips the page
 * strings again.
 *
 * <p>A fast path, never a verdict: anything else or anything it is unsure of (an {@code Error},
 * a repeated key, an escaped key, a page the page scanner is unsure of, a non-string page,
 * trailing content, malformed UTF-8...) gives null, and the caller decodes with Jackson, which
 * decides. A property test holds the two equal.
 */
final class BodyScanner {

  private static final int MAX_DEPTH = 64;

  private final byte[] b;
  private final PageScanner pages;
  private int pos;

  private BodyScanner(byte[] body) {
    this.b = body;
    this.pages = new PageScanner(body);
  }

  /** The decoded answer, or null when this scan cannot vouch for it. */
  static @Nullable Decoded scan(byte[] body, int offset) {
    BodyScanner scanner = new BodyScanner(body);
    scanner.pos = offset;
    try {
      return scanner.root();
    } catch (RuntimeException e) {
      return null;
    }
  }

  private @Nullable Decoded root() {
    if (next() != '{') {
      return null;
    }
    Decoded response = null;
    int c = next();
    while (c != '}') {
      if (c != '"') {
        return null;
      }
      if (isKey("Response")) {
        if (response != null || valueStart() != '{') {
          return null;
        }
        response = response();
        if (response == null) {
          return null;
        }
      } else if (!skipKeyAndValue()) {
        return null;
      }
      c = afterMember();
      if (c < 0) {
        return null;
      }
    }
    // Only whitespace may follow the root object.
    while (pos < b.length) {
      if (!isWhite(b[pos++])) {
        return null;
      }
    }
    return response;
  }

  private @Nullable Decoded response() {
    List<Page> list = null;
    boolean pagesSeen = false;
    int c = next();
    while (c != '}') {
      if (c != '"') {
        return null;
      }
      if (isKey("Pages")) {
        if (pagesSeen) {
          return null;
        }
        pagesSeen = true;
        int v = valueStart();
        if (v == '[') {
          list = pages();
          if (list == null) {
            return null;
          }
        } else if (v == 'n') {
          literal("ull");
        } else {
          return null;
        }
      } else if (isKey("Error")) {
        return null;
      } else if (!skipKeyAndValue()) {
        return null;
      }
      c = afterMember();
      if (c < 0) {
        return null;
      }
    }
    return Decoded.pages(list == null ? List.of() : list);
  }

  private @Nullable List<Page> pages() {
    List<Page> list = new ArrayList<>();
    int c = next();
    if (c == ']') {
      return list;
    }
    while (true) {
      if (c != '"') {
        return null;
      }
      Page page = pages.scan(pos);
      if (page == null) {
        return null;
      }
      list.add(page);
      pos = pages.end();
      c = next();
      if (c == ']') {
        return list;
      }
      if (c != ',') {
        return null;
      }
      c = next();
    }
  }

  /** After a member's value: the next key's opening quote (consumed) or {@code '}'}; -1 else. */
  private int afterMember() {
    int c = next();
    if (c == '}') {
      return c;
    }
    if (c != ',') {
      return -1;
    }
    c = next();
    return c == '"' ? c : -1;
  }

  /**
   * Whether the key whose opening quote was consumed is exactly {@code name} (plain ASCII, no
   * escapes); consumes it only when it is.
   */
  private boolean isKey(String name) {
    int n = name.length();
    if (pos + n >= b.length || b[pos + n] != '"') {
      return false;
    }
    for (int i = 0; i < n; i++) {
      if (b[pos + i] != name.charAt(i)) {
        return false;
      }
    }
    pos += n + 1;
    return true;
  }

  /**
   * Skips a member whose key is not one read here. A key with an escape could decode to one that
   * is ({@code "Respons\u0065"}): unsure.
   */
  private boolean skipKeyAndValue() {
    int p = pos;
    while (b[p] != '"') {
      if (b[p] == '\\') {
        return false;
      }
      p++;
    }
    skipString();
    skipValue(valueStart(), 1);
    return true;
  }

  /** After a key: the colon, then the first character of the value (consumed). */
  private int valueStart() {
    if (next() != ':') {
      throw new IllegalStateException();
    }
    return next();
  }

  private void skipValue(int c, int depth) {
    if (depth > MAX_DEPTH) {
      throw new IllegalStateException();
    }
    switch (c) {
      case '"' -> skipString();
      case '{' -> {
        int n = next();
        while (n != '}') {
          if (n != '"') {
            throw new IllegalStateException();
          }
          skipString();
          skipValue(valueStart(), depth + 1);
          n = afterMember();
          if (n < 0) {
            throw new IllegalStateException();
          }
        }
      }
      case '[' -> {
        int n = next();
        if (n == ']') {
          return;
        }
        while (true) {
          skipValue(n, depth + 1);
          n = next();
          if (n == ']') {
            return;
          }
          if (n != ',') {
            throw new IllegalStateException();
          }
          n = next();
        }
      }
      case 't' -> literal("rue");
      case 'f' -> literal("alse");
      case 'n' -> literal("ull");
      default -> {
        if (c == '-' || (c >= '0' && c <= '9')) {
          number();
        } else {
          throw new IllegalStateException();
        }
      }
    }
  }

  private void literal(String rest) {
    for (int i = 0; i < rest.length(); i++) {
      if (b[pos++] != rest.charAt(i)) {
        throw new IllegalStateException();
      }
    }
    delimiterNext();
  }

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
    if (p < b.length && b[p] == '.') {
      p = digits(p + 1);
    }
    if (p < b.length && (b[p] == 'e' || b[p] == 'E')) {
      p++;
      if (b[p] == '+' || b[p] == '-') {
        p++;
      }
      p = digits(p);
    }
    if (p - start > 100) {
      throw new IllegalStateException();
    }
    pos = p;
    delimiterNext();
  }

  private int digits(int p) {
    if (b[p] < '0' || b[p] > '9') {
      throw new IllegalStateException();
    }
    while (p < b.length && b[p] >= '0' && b[p] <= '9') {
      p++;
    }
    return p;
  }

  /** A scalar ends at whitespace, a comma or a closing bracket. */
  private void delimiterNext() {
    byte c = b[pos];
    if (!(isWhite(c) || c == ',' || c == '}' || c == ']')) {
      throw new IllegalStateException();
    }
  }

  /** Skips a string whose opening quote was consumed, checking escapes and strict UTF-8. */
  private void skipString() {
    byte[] bytes = b;
    int p = pos;
    while (true) {
      byte c = bytes[p];
      if (c >= 0x20 && c != '\\' && c != '"') {
        p++;
      } else if (c == '"') {
        pos = p + 1;
        return;
      } else if (c < 0) {
        p += pages.utf8Length(p);
      } else if (c == '\\') {
        byte e = bytes[p + 1];
        switch (e) {
          case '"', '\\', '/', 'b', 'f', 'n', 'r', 't' -> p += 2;
          case 'u' -> {
            int value = 0;
            for (int i = 2; i < 6; i++) {
              int d = Character.digit(bytes[p + i], 16);
              if (d < 0) {
                throw new IllegalStateException();
              }
              value = value * 16 + d;
            }
            if (Character.isSurrogate((char) value)) {
              throw new IllegalStateException(); // left to Jackson, which decides
            }
            p += 6;
          }
          default -> throw new IllegalStateException();
        }
      } else {
        throw new IllegalStateException();
      }
    }
  }

  /** The next byte that is not JSON whitespace, consumed. */
  private int next() {
    while (true) {
      byte c = b[pos++];
      if (!isWhite(c)) {
        return c;
      }
    }
  }

  private static boolean isWhite(byte c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
  }
}
