package dev.dsh.yuanbao;

import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.core.json.JsonFactory;

/**
 * Decodes a SearchPro body with Jackson's streaming parser, without building a tree: one pass over
 * the envelope, and each page string (SearchPro sends pages as JSON text inside a string) parsed
 * again from the parser's own character buffer. Only the fields the mapping reads are decoded; the
 * rest are skipped.
 *
 * <p>Never throws: anything unreadable is {@link Decoded#INVALID} (the body) or a dropped entry (a
 * page).
 */
final class ResponseDecoder {

  private final JsonFactory json = JsonFactory.builder().build();

  /** Decodes {@code body}; a leading UTF-8 byte-order mark is skipped. */
  Decoded decode(byte[] body) {
    int offset = hasBom(body) ? 3 : 0;
    try (JsonParser p =
        json.createParser(ObjectReadContext.empty(), body, offset, body.length - offset)) {
      Decoded decoded = readRoot(p);
      return p.nextToken() == null ? decoded : Decoded.INVALID;
    } catch (RuntimeException e) {
      return Decoded.INVALID;
    }
  }

  private static boolean hasBom(byte[] b) {
    return b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF;
  }

  private Decoded readRoot(JsonParser p) {
    if (p.nextToken() != JsonToken.START_OBJECT) {
      return Decoded.INVALID;
    }
    Decoded response = Decoded.INVALID;
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if ("Response".equals(name)) {
        response = value == JsonToken.START_OBJECT ? readResponse(p) : skipInvalid(p);
      } else {
        p.skipChildren();
      }
    }
    return response;
  }

  private static Decoded skipInvalid(JsonParser p) {
    p.skipChildren();
    return Decoded.INVALID;
  }

  /**
   * Reads {@code Response}. {@code Error} wins wherever it stands; pages are decoded as they come
   * (an error answer is rare, and then the work is simply dropped).
   */
  private Decoded readResponse(JsonParser p) {
    boolean shapeOk = true;
    boolean error = false;
    String code = null;
    String message = null;
    List<Page> pages = List.of();
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      switch (name) {
        case "Error" -> {
          if (value == JsonToken.START_OBJECT) {
            error = true;
            code = null;
            message = null;
            while (p.nextToken() == JsonToken.PROPERTY_NAME) {
              String field = p.currentName();
              JsonToken v = p.nextToken();
              if ("Code".equals(field)) {
                code = scalarText(p, v);
              } else if ("Message".equals(field)) {
                message = v == JsonToken.VALUE_STRING ? p.getString() : null;
              }
              p.skipChildren();
            }
          } else {
            error = false;
            shapeOk &= value == JsonToken.VALUE_NULL;
            p.skipChildren();
          }
        }
        case "Pages" -> {
          if (value == JsonToken.START_ARRAY) {
            pages = readPages(p);
          } else {
            pages = List.of();
            shapeOk &= value == JsonToken.VALUE_NULL;
            p.skipChildren();
          }
        }
        default -> p.skipChildren();
      }
    }
    if (error) {
      return Decoded.envelope(code, message);
    }
    if (!shapeOk) {
      return Decoded.INVALID;
    }
    return Decoded.pages(pages);
  }

  /** The page objects: strings decoded, raw objects read as they are, anything else dropped. */
  private List<Page> readPages(JsonParser p) {
    List<Page> pages = new ArrayList<>();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      Page page = null;
      if (t == JsonToken.VALUE_STRING) {
        // Parsed from the parser's buffer of the unescaped string: no String copy in between.
        page = pageOf(p.getStringCharacters(), p.getStringOffset(), p.getStringLength());
      } else if (t == JsonToken.START_OBJECT) {
        page = readPage(p);
      } else {
        p.skipChildren();
      }
      if (page != null) {
        pages.add(page);
      }
    }
    return pages;
  }

  /** A page decoded from its JSON text, or null when it is not exactly one JSON object. */
  private @Nullable Page pageOf(char[] text, int offset, int length) {
    try (JsonParser p = json.createParser(ObjectReadContext.empty(), text, offset, length)) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        return null;
      }
      Page page = readPage(p);
      return p.nextToken() == null ? page : null;
    } catch (RuntimeException e) {
      return null;
    }
  }

  /** Reads a page object; the parser stands on its {@code START_OBJECT}. */
  private static Page readPage(JsonParser p) {
    Page.Vr vr = Page.Vr.ABSENT;
    String url = null;
    String title = null;
    String date = null;
    String passage = null;
    String content = null;
    Page.Display display = null;
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      switch (name) {
        case "vr" ->
            vr =
                v == JsonToken.VALUE_TRUE
                    ? Page.Vr.TRUE
                    : v == JsonToken.VALUE_NULL ? Page.Vr.ABSENT : Page.Vr.OTHER;
        case "url" -> url = string(p, v);
        case "title" -> title = string(p, v);
        case "date" -> date = string(p, v);
        case "passage" -> passage = string(p, v);
        case "content" -> content = string(p, v);
        case "display" -> display = v == JsonToken.START_OBJECT ? readDisplay(p) : null;
        default -> {}
      }
      p.skipChildren();
    }
    return new Page(vr, url, title, date, passage, content, display);
  }

  private static Page.Display readDisplay(JsonParser p) {
    String url = null;
    String title = null;
    String date = null;
    String content = null;
    while (p.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = p.currentName();
      JsonToken v = p.nextToken();
      switch (name) {
        case "url" -> url = string(p, v);
        case "title" -> title = string(p, v);
        case "date" -> date = string(p, v);
        case "content" -> content = string(p, v);
        default -> {}
      }
      p.skipChildren();
    }
    return new Page.Display(url, title, date, content);
  }

  private static @Nullable String string(JsonParser p, JsonToken v) {
    return v == JsonToken.VALUE_STRING ? p.getString() : null;
  }

  private static @Nullable String scalarText(JsonParser p, JsonToken v) {
    return v == JsonToken.VALUE_STRING || v == JsonToken.VALUE_NUMBER_INT ? p.getString() : null;
  }
}
