package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/** A patch layer: overrides and {@code {insert: [rows]}}; {@code merges}: configs merge-patch. */
record Patch(String name, List<Entry> entries, boolean merges) {

  private static final Set<String> ROW_KEYS = Set.of("id", "name", "config", "disabled");

  /** One entry; {@code position} is its 1-based place in the file, for messages. */
  sealed interface Entry {
    int position();
  }

  record Override(int position, String id, Optional<String> rowName,
      Optional<Map<String, Object>> config, Optional<Boolean> disabled) implements Entry {}

  record Insert(int position, List<ProfileRow> rows) implements Entry {}

  /** @throws ProfileException naming {@code file}, the entry and what is wrong */
  static Patch parse(String text, String file, String layer, boolean merges) {
    Optional<Object> document = YamlFiles.parse(text, file);
    if (document.isEmpty()) {
      return new Patch(layer, List.of(), merges);
    }
    if (!(document.get() instanceof List<?> items)) {
      throw ProfileException.malformed(
          file, 0, "a patch must be a YAML list of entries, got " + describe(document.get()));
    }
    List<Entry> entries = new ArrayList<>();
    Map<String, Integer> overridden = new HashMap<>();
    for (int i = 0; i < items.size(); i++) {
      Entry entry = entry(items.get(i), file, i + 1);
      Integer first = entry instanceof Override o ? overridden.putIfAbsent(o.id(), i + 1) : null;
      if (first != null) {
        // The later entry would silently replace the earlier one's config whole.
        throw ProfileException.malformed(file, i + 1, "row \"" + ((Override) entry).id()
            + "\" is already overridden by entry " + first + "; merge the two entries into one");
      }
      entries.add(entry);
    }
    return new Patch(layer, List.copyOf(entries), merges);
  }

  List<String> overrides() {
    return entries.stream().filter(Override.class::isInstance).map(e -> ((Override) e).id())
        .toList();
  }

  private static Entry entry(Object item, String file, int position) {
    if (!(item instanceof Map<?, ?> map) || !map.containsKey("insert")) {
      return fields(item, file, position, "");
    }
    if (map.size() != 1) {
      throw ProfileException.malformed(file, position, "an insert entry holds only the key"
          + " \"insert\", got " + new TreeSet<>(map.keySet().stream().map(String::valueOf).toList()));
    }
    if (!(map.get("insert") instanceof List<?> rows)) {
      throw ProfileException.malformed(file, position,
          "\"insert\" must be a list of rows, got " + describe(map.get("insert")));
    }
    List<ProfileRow> inserted = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      Override row = fields(rows.get(i), file, position, "inserted row " + (i + 1) + ": ");
      inserted.add(new ProfileRow(row.id(), row.rowName().orElse(row.id()),
          row.config().orElse(Map.of()), row.disabled().orElse(false)));
    }
    return new Insert(position, inserted);
  }

  private static Override fields(Object item, String file, int position, String where) {
    if (!(item instanceof Map<?, ?> map)) {
      throw ProfileException.malformed(file, position,
          (where.isEmpty() ? "an entry " : where) + "must be a mapping, got " + describe(item));
    }
    Set<String> unknown = map.keySet().stream().map(String::valueOf)
        .filter(key -> !ROW_KEYS.contains(key)).collect(Collectors.toCollection(TreeSet::new));
    Object id = map.get("id");
    Object name = map.get("name");
    Object config = map.get("config");
    Object disabled = map.get("disabled");
    String wrong = !unknown.isEmpty() ? "unknown key(s) " + unknown
            + " (allowed: id, name, config, disabled, or insert alone)"
        : id == null ? "a row needs an \"id\""
        : !(id instanceof String text && !text.isBlank())
            ? "\"id\" must be a non-blank string, got " + describe(id)
        : map.containsKey("name") && !(name instanceof String given && !given.isBlank())
            ? "\"name\" must be a non-blank string, got " + describe(name)
        : config != null && !(config instanceof Map) ? "\"config\" must be a mapping, got "
            + describe(config)
        : map.containsKey("disabled") && !(disabled instanceof Boolean)
            ? "\"disabled\" must be true or false, got " + describe(disabled)
        : null;
    if (wrong != null) {
      throw ProfileException.malformed(file, position, where + wrong);
    }
    // A present but empty config (YAML null) is an empty config.
    Optional<Map<String, Object>> tree = map.containsKey("config")
        ? Optional.of(config == null ? Map.of() : ProfileRow.freeze((Map<?, ?>) config))
        : Optional.empty();
    return new Override(position, (String) id, Optional.ofNullable((String) name), tree,
        Optional.ofNullable((Boolean) disabled));
  }

  /** The kind of a value, never the value itself (it may be a secret). */
  static String describe(@Nullable Object value) {
    return value == null ? "null"
        : value instanceof Map<?, ?> ? "a mapping"
        : value instanceof List<?> ? "a list"
        : value instanceof String ? "a string"
        : value instanceof Number ? "a number"
        : value instanceof Boolean ? "a boolean"
        : value.getClass().getSimpleName();
  }
}
