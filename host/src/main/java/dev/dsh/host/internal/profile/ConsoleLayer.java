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
import java.util.function.UnaryOperator;

/**
 * The console's layer, {@value ProfileComposer#CONSOLE_FILE}: one entry per row the console
 * changed, its {@code config} a JSON merge patch (RFC 7386) of the fields it changed, composed
 * after the user's {@code cordis.patch.yml}. The console writes it whole at each save.
 */
public final class ConsoleLayer {

  static final String HEADER = "# Written by dsh's console, whole, at each save: each config is a"
      + " JSON merge patch (RFC 7386) of the fields the console changed.\n# Your own settings go"
      + " in cordis.patch.yml, which dsh never writes.\n";

  private ConsoleLayer() {}

  /**
   * Replaces the patch of row {@code rowId} (empty when it has none) by {@code change} of it, and
   * the file by the result, whole, atomically and owner-only; an empty patch drops the entry.
   *
   * @return whether the file held an entry for the row
   * @throws dev.dsh.host.model.ProfileException naming the file when it does not read as a patch
   */
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
    @SuppressWarnings("unchecked")
    Map<String, Object> entry = at < entries.size()
        ? new LinkedHashMap<>((Map<String, Object>) entries.get(at)) : new LinkedHashMap<>();
    entry.put("id", rowId);
    @SuppressWarnings("unchecked")
    Map<String, Object> patch = change.apply(entry.get("config") instanceof Map<?, ?> old
        ? (Map<String, Object>) old : Map.of());
    entry.remove("config");
    if (!patch.isEmpty()) {
      entry.put("config", patch);
    }
    boolean had = at < entries.size();
    if (had) {
      entries.remove(at);
    }
    if (entry.size() > 1) {
      entries.add(Math.min(at, entries.size()), entry);
    }
    Files.createDirectories(file.getParent());
    String body = entries.isEmpty() ? "[]\n" : ConfigDump.yaml(entries);
    OwnerOnlyFiles.replace(file, (HEADER + body).getBytes(StandardCharsets.UTF_8), true);
    return had;
  }
}
