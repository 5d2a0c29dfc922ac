package dev.dsh.host.internal.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** The console's layer: per row it changed, a JSON merge patch (RFC 7386) of its config. */
public final class ConsoleLayer {

  static final String HEADER = "# Written by dsh's console, whole, at each save: each config is a"
      + " JSON merge patch (RFC 7386) of the fields the console changed.\n# Your own settings go"
      + " in cordis.patch.yml, which dsh never writes.\n";

  private ConsoleLayer() {}

  /** Merges {@code changed} into the row's patch; whether the file held an entry for the row. */
  public static boolean update(Path file, String shownAs, String rowId, Map<String, ?> changed)
      throws IOException {
    String text = YamlFiles.read(file, shownAs).orElse("");
    Patch.parse(text, shownAs, shownAs, true);
    List<Object> entries = new ArrayList<>((List<?>) YamlFiles.parse(text, shownAs)
        .orElse(List.of()));
    int at = 0;
    while (at < entries.size() && !(entries.get(at) instanceof Map<?, ?> e
        && rowId.equals(e.get("id")))) {
      at++;
    }
    boolean had = at < entries.size();
    Map<String, Object> entry = new LinkedHashMap<>(had ? strings(entries.remove(at)) : Map.of());
    entry.put("id", rowId);
    Map<String, Object> patch = apply(strings(entry.remove("config")), changed, true);
    if (!patch.isEmpty()) {
      entry.put("config", patch);
    }
    if (entry.size() > 1) { // more than its id
      entries.add(at, entry);
    }
    YamlFiles.replace(file, HEADER + (entries.isEmpty() ? "[]\n" : YamlFiles.write(entries)));
    return had;
  }

  /** The patch that turns {@code from} into {@code to}; empty when they are equal. */
  public static Map<String, Object> diff(Map<String, ?> from, Map<String, ?> to) {
    Map<String, Object> out = new LinkedHashMap<>();
    from.keySet().stream().filter(key -> !to.containsKey(key)).forEach(key -> out.put(key, null));
    to.forEach((key, value) -> {
      Object old = from.get(key);
      if (old instanceof Map<?, ?> a && value instanceof Map<?, ?> b) {
        Map<String, Object> inner = diff(strings(a), strings(b));
        if (!inner.isEmpty()) {
          out.put(key, inner);
        }
      } else if (!from.containsKey(key) || !Objects.equals(old, value)) {
        out.put(key, value);
      }
    });
    return out;
  }

  /** {@code target} patched; {@code keepNulls} keeps the patch's nulls, making one patch of two. */
  public static Map<String, Object> apply(
      Map<String, ?> target, Map<String, ?> patch, boolean keepNulls) {
    Map<String, Object> out = new LinkedHashMap<>(target);
    patch.forEach((key, value) -> {
      if (value == null && !keepNulls) {
        out.remove(key);
      } else {
        out.put(key, value instanceof Map<?, ?> inner
            ? apply(strings(out.get(key)), strings(inner), keepNulls) : value);
      }
    });
    return out;
  }

  /** A JSON-like mapping (string keys, as rows check), or an empty one for anything else. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> strings(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }
}
