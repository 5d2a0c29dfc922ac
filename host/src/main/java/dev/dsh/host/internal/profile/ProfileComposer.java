package dev.dsh.host.internal.profile;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * Composes a profile: the base rows, each bundle listed, {@code cordis.patch.yml}, {@code
 * console.patch.yml}, {@code --patch}, then in-memory layers. It reads files and starts nothing.
 */
public final class ProfileComposer {

  /** The user's layer inside {@code profiles/<name>/}; dsh never writes it. */
  public static final String PATCH_FILE = "cordis.patch.yml";

  /** The console's layer inside {@code profiles/<name>/}. */
  public static final String CONSOLE_FILE = "console.patch.yml";

  private static final String USER = "user layer ";

  private final DshHome home;
  private final Function<String, Optional<BundlePatch>> bundles;

  public ProfileComposer(DshHome home, Function<String, Optional<BundlePatch>> bundles) {
    this.home = home;
    this.bundles = bundles;
  }

  /** @throws ProfileException naming the file, layer, row or bundle at fault */
  public ComposedProfile compose(
      String profile, Optional<Path> patchFile, List<ProfileLayer> extra) {
    ProfileSpec spec = ProfileSpec.of(home, profile);
    String specFile = ProfileSpec.shown(profile, ProfileSpec.FILE_NAME);
    List<Patch> layers = new ArrayList<>();
    for (String bundle : spec.bundles()) {
      layers.add(bundles.apply(bundle).orElseThrow(() -> new ProfileException(specFile
          + " lists bundle \"" + bundle + "\", but no installed plugin has that id (install it"
          + " with `dsh plugin add <jar>` or remove it from the list)")).parse());
    }
    layers.addAll(userLayers(profile, patchFile));
    extra.forEach(layer -> layers.add(Patch.parse(layer.yaml(), layer.name(), layer.name(), false)));
    return new Fold().run(profile, layers, spec.removedRows());
  }

  /** The base layer alone: what {@code dsh run} serves while the profile does not compose. */
  public ComposedProfile baseOnly(String profile) {
    home.profile(profile); // the name checked
    return new Fold().run(profile, List.of(), Map.of());
  }

  /** The ids of the rows the user's layers override, such as a plugin's about to be removed. */
  public Set<String> userOverrides(String profile, Optional<Path> patchFile) {
    Set<String> ids = new LinkedHashSet<>();
    userLayers(profile, patchFile).forEach(layer -> ids.addAll(layer.overrides()));
    return ids;
  }

  private List<Patch> userLayers(String profile, Optional<Path> patchFile) {
    List<Patch> layers = new ArrayList<>();
    for (String file : List.of(PATCH_FILE, CONSOLE_FILE)) {
      String shown = ProfileSpec.shown(profile, file);
      boolean console = file.equals(CONSOLE_FILE);
      YamlFiles.read(home.profile(profile).resolve(file), shown).ifPresent(text -> layers.add(
          Patch.parse(text, shown, (console ? "console layer " : USER) + shown, console)));
    }
    if (patchFile.isPresent()) {
      String shown = patchFile.get().toString();
      String text = YamlFiles.read(patchFile.get(), shown)
          .orElseThrow(() -> new ProfileException("--patch file not found: " + shown));
      layers.add(Patch.parse(text, shown, "--patch " + shown, false));
    }
    return layers;
  }

  private static final class Fold {
    private final Map<String, ProfileRow> rows = new LinkedHashMap<>();
    private final Map<String, String> origins = new HashMap<>();
    private final Map<String, String> configOrigins = new HashMap<>();
    private final Map<String, Map<String, String>> fieldOrigins = new HashMap<>();
    private final List<String> notes = new ArrayList<>();

    ComposedProfile run(String profile, List<Patch> layers, Map<String, String> removedRows) {
      List.of("env", "credentials", "web", "tool-web")
          .forEach(id -> insert(new ProfileRow(id, id, Map.of(), false), "base layer"));
      for (Patch layer : layers) {
        for (Patch.Entry entry : layer.entries()) {
          if (entry instanceof Patch.Insert insert) {
            insert.rows().forEach(row -> insert(row, layer.name()));
          } else {
            override(layer, (Patch.Override) entry, removedRows);
          }
        }
      }
      // The fold ends here: its maps are handed over, not copied.
      return new ComposedProfile(profile, List.copyOf(rows.values()), origins, configOrigins,
          fieldOrigins, List.copyOf(notes));
    }

    private void insert(ProfileRow row, String layer) {
      String existing = origins.putIfAbsent(row.id(), layer);
      if (existing != null) {
        throw new ProfileException("row \"" + row.id() + "\" inserted by " + layer
            + " already exists (from " + existing + ")");
      }
      rows.put(row.id(), row);
      configOrigins.put(row.id(), layer);
      Map<String, String> fields = new HashMap<>();
      row.config().keySet().forEach(key -> fields.put(key, layer));
      fieldOrigins.put(row.id(), fields);
    }

    private void override(Patch layer, Patch.Override entry, Map<String, String> removedRows) {
      ProfileRow row = rows.get(entry.id());
      String where = layer.name() + ": entry " + entry.position() + " overrides row \""
          + entry.id() + "\"";
      if (row == null && removedRows.containsKey(entry.id())) {
        notes.add(where + " of the removed plugin " + removedRows.get(entry.id()) + ": the entry is"
            + " kept and skipped, and applies again once the plugin is added back (delete it if it"
            + " is no longer wanted)");
        return;
      } else if (row == null) {
        throw new ProfileException(where + ", which no earlier layer defines (use {insert: [...]}"
            + " to add a row)");
      }
      Map<String, Object> config = row.config();
      if (entry.config().isPresent()) {
        Map<String, Object> given = entry.config().get();
        Map<String, String> fields = fieldOrigins.get(row.id());
        if (layer.merges()) {
          List<String> both = given.keySet().stream()
              .filter(key -> fields.getOrDefault(key, "").startsWith(USER)).toList();
          if (!both.isEmpty()) {
            notes.add("row \"" + row.id() + "\": " + fields.get(both.get(0)) + " and "
                + layer.name() + " both set " + String.join(", ", both) + "; the values of "
                + layer.name() + " apply (keep each field in one of the two files)");
          }
          config = ConsoleLayer.apply(config, given, false);
          given.forEach((key, value) -> fields.compute(key, (k, old) -> value == null ? null
              : layer.name()));
        } else {
          config = given;
          fields.clear();
          given.keySet().forEach(key -> fields.put(key, layer.name()));
        }
        configOrigins.put(row.id(), layer.name());
      }
      rows.put(row.id(), new ProfileRow(row.id(), entry.rowName().orElse(row.name()), config,
          entry.disabled().orElse(row.disabled())));
    }
  }
}
