package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.jspecify.annotations.Nullable;

/**
 * A profile's {@code profile.yml}: the bundles (PF4J plugin ids) whose layers the profile uses, in
 * order, and the rows of plugins {@code dsh plugin remove} took out of the profile.
 *
 * <p>Format, and nothing else:
 *
 * <pre>
 * bundles: [my-search-plugin]
 * removedRows: {adv-row: adv-plugin}
 * </pre>
 *
 * A missing file, an empty file or a missing key means no bundles, no removed rows.
 *
 * @param bundles plugin ids, no duplicates, in the order their layers apply
 * @param removedRows row id → the removed plugin whose bundle inserted it: a patch entry that
 *     overrides such a row while no layer defines it is the user's setting for a plugin that is
 *     gone, kept and skipped rather than an error (see {@link ProfileComposer})
 */
public record ProfileSpec(List<String> bundles, Map<String, String> removedRows) {

  /** The file name inside {@code profiles/<name>/}. */
  public static final String FILE_NAME = "profile.yml";

  private static final String BUNDLES = "bundles";
  private static final String REMOVED_ROWS = "removedRows";

  public ProfileSpec {
    bundles = List.copyOf(bundles);
    if (new LinkedHashSet<>(bundles).size() != bundles.size()) {
      throw new IllegalArgumentException("bundles must not repeat: " + bundles);
    }
    removedRows = Collections.unmodifiableMap(new TreeMap<>(removedRows));
  }

  /** A spec listing {@code bundles} and no removed rows. */
  public ProfileSpec(List<String> bundles) {
    this(bundles, Map.of());
  }

  /** A profile with no bundles. */
  public static ProfileSpec empty() {
    return new ProfileSpec(List.of());
  }

  /**
   * Reads {@code file}; a missing file is an empty spec.
   *
   * @param shownAs the file as named in messages (relative to the home)
   * @throws ProfileException when the file cannot be read, is over 1 MiB, is broken YAML or has
   *     the wrong shape
   */
  public static ProfileSpec read(Path file, String shownAs) {
    return ProfileFiles.readIfPresent(file, shownAs).map(text -> parse(text, shownAs)).orElse(empty());
  }

  static ProfileSpec parse(String text, String file) {
    Optional<Object> document = YamlDocuments.read(text, file);
    if (document.isEmpty()) {
      return empty();
    }
    if (!(document.get() instanceof Map<?, ?> map)) {
      throw ProfileException.malformed(
          file, 0, "expected a mapping like `bundles: [plugin-id]`, got "
              + PatchParser.describe(document.get()));
    }
    for (Object key : map.keySet()) {
      if (!BUNDLES.equals(key) && !REMOVED_ROWS.equals(key)) {
        throw ProfileException.malformed(
            file, 0, "unknown key \"" + key + "\" (allowed: bundles, removedRows)");
      }
    }
    return new ProfileSpec(bundles(map.get(BUNDLES), file), removedRows(map.get(REMOVED_ROWS), file));
  }

  private static List<String> bundles(@Nullable Object listed, String file) {
    if (listed == null) {
      return List.of();
    }
    if (!(listed instanceof List<?> items)) {
      throw ProfileException.malformed(
          file, 0, "\"bundles\" must be a list of plugin ids, got " + PatchParser.describe(listed));
    }
    List<String> bundles = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof String id) || id.isBlank()) {
        throw ProfileException.malformed(
            file, i + 1, "a bundle must be a plugin id, got " + PatchParser.describe(items.get(i)));
      }
      if (!seen.add(id)) {
        throw ProfileException.malformed(file, i + 1, "bundle \"" + id + "\" is listed twice");
      }
      bundles.add(id);
    }
    return bundles;
  }

  private static Map<String, String> removedRows(@Nullable Object listed, String file) {
    if (listed == null) {
      return Map.of();
    }
    if (!(listed instanceof Map<?, ?> rows)) {
      throw ProfileException.malformed(file, 0,
          "\"removedRows\" must map row ids to plugin ids, got " + PatchParser.describe(listed));
    }
    Map<String, String> removed = new LinkedHashMap<>();
    rows.forEach((row, plugin) -> {
      if (!(row instanceof String id) || id.isBlank()
          || !(plugin instanceof String pluginId) || pluginId.isBlank()) {
        throw ProfileException.malformed(file, 0, "\"removedRows\" must map row ids to plugin ids,"
            + " got " + PatchParser.describe(row) + ": " + PatchParser.describe(plugin));
      }
      removed.put(id, pluginId);
    });
    return removed;
  }

  /**
   * This spec with {@code bundle} appended (unless it is already listed), and its plugin's rows no
   * longer counted as removed.
   */
  public ProfileSpec withBundle(String bundle) {
    List<String> more = new ArrayList<>(bundles);
    if (!bundles.contains(bundle)) {
      more.add(bundle);
    }
    Map<String, String> removed = new LinkedHashMap<>(removedRows);
    removed.values().removeIf(bundle::equals);
    return new ProfileSpec(more, removed);
  }

  /** This spec without {@code bundle}. */
  public ProfileSpec withoutBundle(String bundle) {
    return new ProfileSpec(bundles.stream().filter(b -> !b.equals(bundle)).toList(), removedRows);
  }

  /** This spec with {@code rows} recorded as rows of the removed plugin {@code pluginId}. */
  public ProfileSpec withRemovedRows(String pluginId, List<String> rows) {
    Map<String, String> removed = new LinkedHashMap<>(removedRows);
    rows.forEach(row -> removed.put(row, pluginId));
    return new ProfileSpec(bundles, removed);
  }

  /** Replaces {@code file} by this spec, atomically and owner-only; missing folders are made. */
  public void write(Path file) throws IOException {
    Files.createDirectories(file.getParent());
    OwnerOnlyFiles.replace(file, toYaml().getBytes(StandardCharsets.UTF_8), false);
  }

  /** The spec in its file format; {@link #parse} of the result gives this spec back. */
  public String toYaml() {
    StringBuilder out = new StringBuilder("bundles:");
    if (bundles.isEmpty()) {
      out.append(" []\n");
    } else {
      out.append('\n');
      bundles.forEach(bundle -> out.append("  - ").append(quoted(bundle)).append('\n'));
    }
    if (!removedRows.isEmpty()) {
      out.append("# rows of plugins removed with 'dsh plugin remove': an entry of cordis.patch.yml")
          .append(" for one is kept\n# and skipped until its plugin is added again\n")
          .append(REMOVED_ROWS).append(":\n");
      removedRows.forEach((row, plugin) ->
          out.append("  ").append(quoted(row)).append(": ").append(quoted(plugin)).append('\n'));
    }
    return out.toString();
  }

  // Plugin and row ids are plain words; quoting keeps odd ones (e.g. "yes") strings.
  private static String quoted(String id) {
    return "\"" + id.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
