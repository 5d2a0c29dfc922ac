package dev.dsh.host.internal.config;

import java.util.ArrayList;
import java.util.List;

/** RFC 6901 JSON pointers: {@code ""} for the document, {@code /a/b} below it. */
final class Pointers {

  private Pointers() {}

  /** Everit's {@code #/count} (or {@code #}) as an RFC 6901 pointer ({@code /count}, {@code ""}). */
  static String fromEverit(String pointer) {
    return pointer.startsWith("#") ? pointer.substring(1) : pointer;
  }

  /** {@code parent} extended by one key, escaped ({@code ~} → {@code ~0}, {@code /} → {@code ~1}). */
  static String child(String parent, String key) {
    return parent + "/" + key.replace("~", "~0").replace("/", "~1");
  }

  /** The unescaped keys of a pointer, outermost first. */
  static List<String> segments(String pointer) {
    List<String> segments = new ArrayList<>();
    if (pointer.isEmpty()) {
      return segments;
    }
    for (String raw : pointer.substring(1).split("/", -1)) {
      segments.add(raw.replace("~1", "/").replace("~0", "~"));
    }
    return segments;
  }
}
