package dev.dsh.host.internal.profile;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/** A profile's {@code profile.yml}, written whole: its bundles and the rows of removed plugins. */
public record ProfileSpec(List<String> bundles, Map<String, String> removedRows) {

  public static final String FILE_NAME = "profile.yml";

  static final String HEADER = "# Written by dsh (plugin add, remove, enable, disable, the"
      + " console), whole: your own settings go in cordis.patch.yml\n";

  public ProfileSpec {
    bundles = List.copyOf(new LinkedHashSet<>(bundles));
    removedRows = Collections.unmodifiableMap(new TreeMap<>(removedRows));
  }

  /** Reads the {@code profile.yml} of {@code profile}; none is an empty spec. */
  public static ProfileSpec of(DshHome home, String profile) {
    String shown = shown(profile, FILE_NAME);
    return YamlFiles.read(home.profileFile(profile), shown).map(text -> parse(text, shown))
        .orElse(new ProfileSpec(List.of(), Map.of()));
  }

  /** {@code profiles/<profile>/<file>}, as messages name a profile's file. */
  public static String shown(String profile, String file) {
    return "profiles/" + profile + "/" + file;
  }

  static ProfileSpec parse(String text, String file) {
    Object document = YamlFiles.parse(text, file).orElse(Map.of());
    if (!(document instanceof Map<?, ?> map)) {
      throw ProfileException.malformed(file, 0, "expected a mapping like `bundles: [plugin-id]`,"
          + " got " + Patch.describe(document));
    }
    map.keySet().stream().filter(key -> !"bundles".equals(key) && !"removedRows".equals(key))
        .findFirst().ifPresent(key -> {
          throw ProfileException.malformed(
              file, 0, "unknown key \"" + key + "\" (allowed: bundles, removedRows)");
        });
    Object listed = map.get("bundles") == null ? List.of() : map.get("bundles");
    Object rows = map.get("removedRows") == null ? Map.of() : map.get("removedRows");
    String shape = "\"removedRows\" must map row ids to plugin ids, got ";
    if (!(listed instanceof List<?> items)) {
      throw ProfileException.malformed(
          file, 0, "\"bundles\" must be a list of plugin ids, got " + Patch.describe(listed));
    }
    if (!(rows instanceof Map<?, ?> removed)) {
      throw ProfileException.malformed(file, 0, shape + Patch.describe(rows));
    }
    List<String> bundles = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof String id) || id.isBlank()) {
        throw ProfileException.malformed(
            file, i + 1, "a bundle must be a plugin id, got " + Patch.describe(items.get(i)));
      } else if (bundles.contains(id)) {
        throw ProfileException.malformed(file, i + 1, "bundle \"" + id + "\" is listed twice");
      }
      bundles.add(id);
    }
    removed.forEach((row, plugin) -> {
      if (!(row instanceof String id) || id.isBlank()
          || !(plugin instanceof String pluginId) || pluginId.isBlank()) {
        throw ProfileException.malformed(
            file, 0, shape + Patch.describe(row) + ": " + Patch.describe(plugin));
      }
    });
    @SuppressWarnings("unchecked")
    Map<String, String> checked = (Map<String, String>) removed;
    return new ProfileSpec(bundles, checked);
  }

  /** This spec listing {@code bundle} (last, unless listed), its plugin's rows no longer removed. */
  public ProfileSpec withBundle(String bundle) {
    List<String> more = new ArrayList<>(bundles);
    more.add(bundle);
    Map<String, String> removed = new LinkedHashMap<>(removedRows);
    removed.values().removeIf(bundle::equals);
    return new ProfileSpec(more, removed);
  }

  public ProfileSpec withoutBundle(String bundle) {
    return new ProfileSpec(bundles.stream().filter(b -> !b.equals(bundle)).toList(), removedRows);
  }

  /** This spec with {@code rows} recorded as rows of the removed plugin {@code pluginId}. */
  public ProfileSpec withRemovedRows(String pluginId, List<String> rows) {
    Map<String, String> removed = new LinkedHashMap<>(removedRows);
    rows.forEach(row -> removed.put(row, pluginId));
    return new ProfileSpec(bundles, removed);
  }

  /** Writes {@code change} of the profile's spec, whole, if it differs; whether it did. */
  public static boolean update(DshHome home, String profile, UnaryOperator<ProfileSpec> change)
      throws IOException {
    ProfileSpec spec = of(home, profile);
    ProfileSpec next = change.apply(spec);
    if (!next.equals(spec)) {
      YamlFiles.replace(home.profileFile(profile), next.toYaml());
    }
    return !next.equals(spec);
  }

  /** The file's text; {@link #parse} of it gives this spec back. */
  public String toYaml() {
    StringBuilder out = new StringBuilder(HEADER).append("bundles:");
    out.append(bundles.isEmpty() ? " []\n" : "\n");
    bundles.forEach(bundle -> out.append("  - ").append(quoted(bundle)).append('\n'));
    if (!removedRows.isEmpty()) {
      out.append("# rows of removed plugins: your entries for them are kept and skipped until"
          + " the plugin is added again\nremovedRows:\n");
      removedRows.forEach((row, plugin) ->
          out.append("  ").append(quoted(row)).append(": ").append(quoted(plugin)).append('\n'));
    }
    return out.toString();
  }

  // Ids are plain words; quoting keeps odd ones (such as "yes") strings.
  private static String quoted(String id) {
    return "\"" + id.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
