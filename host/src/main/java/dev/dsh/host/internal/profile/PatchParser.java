package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.jspecify.annotations.Nullable;

/**
 * Parses a {@code cordis.patch.yml}: a YAML list whose entries are either {@code {id: X, name?,
 * config?, disabled?}} (override row X) or {@code {insert: [rows]}} (append rows, each {@code {id,
 * name?, config?, disabled?}}; a missing name defaults to the id). An empty file is an empty
 * patch.
 */
final class PatchParser {

  private static final Set<String> ROW_KEYS = Set.of("id", "name", "config", "disabled");
  private static final String INSERT = "insert";

  private PatchParser() {}

  /**
   * @param text the file's content
   * @param file the file as shown to the user
   * @param layer the layer name for composition messages
   */
  static PatchLayer parse(String text, String file, String layer) {
    Optional<Object> document = YamlDocuments.read(text, file);
    if (document.isEmpty()) {
      return new PatchLayer(layer, List.of());
    }
    if (!(document.get() instanceof List<?> items)) {
      throw ProfileException.malformed(
          file, 0, "a patch must be a YAML list of entries, got " + describe(document.get()));
    }
    List<PatchEntry> entries = new ArrayList<>();
    Map<String, Integer> overridden = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      PatchEntry entry = entry(items.get(i), file, i + 1);
      if (entry instanceof PatchEntry.Override override) {
        Integer first = overridden.putIfAbsent(override.id(), override.position());
        if (first != null) {
          // The later entry would silently replace the earlier one's config whole.
          throw ProfileException.malformed(
              file,
              override.position(),
              "row \"" + override.id() + "\" is already overridden by entry " + first
                  + "; merge the two entries into one");
        }
      }
      entries.add(entry);
    }
    return new PatchLayer(layer, entries);
  }

  private static PatchEntry entry(Object item, String file, int position) {
    if (!(item instanceof Map<?, ?> map)) {
      throw ProfileException.malformed(
          file, position, "an entry must be a mapping, got " + describe(item));
    }
    if (map.containsKey(INSERT)) {
      if (map.size() != 1) {
        throw ProfileException.malformed(
            file, position, "an insert entry holds only the key \"insert\", got " + keys(map));
      }
      if (!(map.get(INSERT) instanceof List<?> rows)) {
        throw ProfileException.malformed(
            file, position, "\"insert\" must be a list of rows, got " + describe(map.get(INSERT)));
      }
      List<ProfileRow> inserted = new ArrayList<>();
      for (int i = 0; i < rows.size(); i++) {
        inserted.add(insertedRow(rows.get(i), file, position, i + 1));
      }
      return new PatchEntry.Insert(position, inserted);
    }
    checkKeys(map, file, position, "");
    String id = requiredId(map, file, position, "");
    return new PatchEntry.Override(
        position,
        id,
        optionalName(map, file, position, ""),
        optionalConfig(map, file, position, ""),
        optionalDisabled(map, file, position, ""));
  }

  private static ProfileRow insertedRow(Object item, String file, int position, int index) {
    String where = "inserted row " + index + ": ";
    if (!(item instanceof Map<?, ?> map)) {
      throw ProfileException.malformed(
          file, position, where + "must be a mapping, got " + describe(item));
    }
    checkKeys(map, file, position, where);
    String id = requiredId(map, file, position, where);
    return new ProfileRow(
        id,
        optionalName(map, file, position, where).orElse(id),
        optionalConfig(map, file, position, where).orElse(Map.of()),
        optionalDisabled(map, file, position, where).orElse(false));
  }

  private static void checkKeys(Map<?, ?> map, String file, int position, String where) {
    Set<String> unknown = new TreeSet<>();
    for (Object key : map.keySet()) {
      if (!ROW_KEYS.contains(String.valueOf(key))) {
        unknown.add(String.valueOf(key));
      }
    }
    if (!unknown.isEmpty()) {
      throw ProfileException.malformed(
          file,
          position,
          where + "unknown key(s) " + unknown + " (allowed: id, name, config, disabled, or insert alone)");
    }
  }

  private static String requiredId(Map<?, ?> map, String file, int position, String where) {
    Object id = map.get("id");
    if (id == null) {
      throw ProfileException.malformed(file, position, where + "a row needs an \"id\"");
    }
    if (!(id instanceof String text) || text.isBlank()) {
      throw ProfileException.malformed(
          file, position, where + "\"id\" must be a non-blank string, got " + describe(id));
    }
    return text;
  }

  private static Optional<String> optionalName(
      Map<?, ?> map, String file, int position, String where) {
    if (!map.containsKey("name")) {
      return Optional.empty();
    }
    Object name = map.get("name");
    if (!(name instanceof String text) || text.isBlank()) {
      throw ProfileException.malformed(
          file, position, where + "\"name\" must be a non-blank string, got " + describe(name));
    }
    return Optional.of(text);
  }

  /** A present but empty {@code config:} (YAML null) counts as an empty config. */
  private static Optional<Map<String, Object>> optionalConfig(
      Map<?, ?> map, String file, int position, String where) {
    if (!map.containsKey("config")) {
      return Optional.empty();
    }
    Object config = map.get("config");
    if (config == null) {
      return Optional.of(Map.of());
    }
    if (!(config instanceof Map<?, ?> tree)) {
      throw ProfileException.malformed(
          file, position, where + "\"config\" must be a mapping, got " + describe(config));
    }
    return Optional.of(new LinkedHashMap<>(JsonLike.freezeMap(tree)));
  }

  private static Optional<Boolean> optionalDisabled(
      Map<?, ?> map, String file, int position, String where) {
    if (!map.containsKey("disabled")) {
      return Optional.empty();
    }
    if (!(map.get("disabled") instanceof Boolean disabled)) {
      throw ProfileException.malformed(
          file,
          position,
          where + "\"disabled\" must be true or false, got " + describe(map.get("disabled")));
    }
    return Optional.of(disabled);
  }

  private static String keys(Map<?, ?> map) {
    return new TreeSet<>(map.keySet().stream().map(String::valueOf).toList()).toString();
  }

  /** The kind of a value, never the value itself (it may be a secret). */
  static String describe(@Nullable Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Map<?, ?>) {
      return "a mapping";
    }
    if (value instanceof List<?>) {
      return "a list";
    }
    if (value instanceof String) {
      return "a string";
    }
    if (value instanceof Number) {
      return "a number";
    }
    if (value instanceof Boolean) {
      return "a boolean";
    }
    return value.getClass().getSimpleName();
  }
}
