package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.home.OwnerOnlyFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * The console's layer, {@value ProfileComposer#CONSOLE_FILE}: an entry per row the console
 * changed, its {@code config} a JSON merge patch (RFC 7386); and merge patches over JSON-like maps.
 */
public final class ConsoleLayer {

  static final String HEADER = "# Written by dsh's console, whole, at each save: each config is a"
      + " JSON merge patch (RFC 7386) of the fields the console changed.\n# Your own settings go"
      + " in cordis.patch.yml, which dsh never writes.\n";

  private ConsoleLayer() {}

  /** Replaces the row's patch by {@code change} of it; whether the file held an entry for it. */
  public static boolean update(Path file, String shownAs, String rowId,
      UnaryOperator<Map<String, Object>> change) throws IOException {
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
    Map<String, Object> patch = change.apply(strings(entry.remove("config")));
    if (!patch.isEmpty()) {
      entry.put("config", patch);
    }
    if (entry.size() > 1) { // more than its id
      entries.add(at, entry);
    }
    Files.createDirectories(file.getParent());
    String body = entries.isEmpty() ? "[]\n" : YamlFiles.write(entries);
    OwnerOnlyFiles.replace(file, (HEADER + body).getBytes(StandardCharsets.UTF_8));
    return had;
  }

  /** {@code target} with {@code patch} applied. */
  public static Map<String, Object> apply(Map<String, ?> target, Map<String, ?> patch) {
    Map<String, Object> out = new LinkedHashMap<>(target);
    patch.forEach((key, value) -> {
      if (value == null) {
        out.remove(key);
      } else {
        out.put(key, value instanceof Map<?, ?> inner
            ? apply(strings(out.get(key)), strings(inner)) : value);
      }
    });
    return out;
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

  /** One patch doing what {@code first} then {@code second} do: nulls are kept. */
  public static Map<String, Object> merge(Map<String, ?> first, Map<String, ?> second) {
    Map<String, Object> out = new LinkedHashMap<>(first);
    second.forEach((key, value) -> out.put(key, out.get(key) instanceof Map<?, ?> a
        && value instanceof Map<?, ?> b ? merge(strings(a), strings(b)) : value));
    return out;
  }

  /** A JSON-like mapping (string keys, as rows check), or an empty one for anything else. */
  @SuppressWarnings("unchecked")
  static Map<String, Object> strings(Object value) {
    return value instanceof Map<?, ?> map ? (Map<String, Object>) map : Map.of();
  }
}
