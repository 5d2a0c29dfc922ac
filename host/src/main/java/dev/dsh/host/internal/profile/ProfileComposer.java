package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Composes a profile from its layers, in order: the base layer, each bundle {@code
 * profiles/<name>/profile.yml} lists (its plugin's embedded patch), the user layer {@code
 * cordis.patch.yml}, the console layer {@code console.patch.yml} (merge patches), an optional
 * {@code --patch} file, then the layers given in memory. The one code path for boot, reload and
 * {@code --dump-config}: it reads files and starts nothing.
 */
public final class ProfileComposer {

  /** The user layer's file name inside {@code profiles/<name>/}; dsh never writes it. */
  public static final String PATCH_FILE = "cordis.patch.yml";

  /** The console layer's file name inside {@code profiles/<name>/}. */
  public static final String CONSOLE_FILE = "console.patch.yml";

  static final String USER = "user layer ";

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final Path home;
  private final BundlePatchSource bundles;

  /** @param bundles where the listed bundles' patches come from (the installed plugins) */
  public ProfileComposer(Path home, BundlePatchSource bundles) {
    this.home = home;
    this.bundles = bundles;
  }

  /** {@code <home>/profiles/<profile>}, once the name is checked to be a plain folder name. */
  public Path profileDir(String profile) {
    if (!PROFILE_NAME.matcher(profile).matches()) {
      throw new ProfileException("invalid profile name \"" + profile + "\": use letters, digits,"
          + " '.', '_' and '-', starting with a letter or digit");
    }
    return home.resolve("profiles").resolve(profile);
  }

  /** {@link #compose(String, Optional, List)} without layers in memory. */
  public ComposedProfile compose(String profile, Optional<Path> patchFile) {
    return compose(profile, patchFile, List.of());
  }

  /**
   * @param patchFile the {@code --patch} file, if given; it must exist
   * @param extra layers composed last, in order
   * @throws ProfileException naming the file, layer, row or bundle at fault
   */
  public ComposedProfile compose(
      String profile, Optional<Path> patchFile, List<ProfileLayer> extra) {
    String specFile = "profiles/" + profile + "/" + ProfileSpec.FILE_NAME;
    ProfileSpec spec = ProfileSpec.read(profileDir(profile).resolve(ProfileSpec.FILE_NAME), specFile);
    List<Patch> layers = new ArrayList<>();
    for (String bundle : spec.bundles()) {
      BundlePatch patch = bundles.find(bundle).orElseThrow(() -> new ProfileException(specFile
          + " lists bundle \"" + bundle + "\", but no installed plugin has that id (install it"
          + " with `dsh plugin add <jar>` or remove it from the list)"));
      layers.add(patch.parse());
    }
    layers.addAll(userLayers(profile, patchFile));
    extra.forEach(layer -> layers.add(Patch.parse(layer.yaml(), layer.name(), layer.name(), false)));
    return Composition.compose(profile, layers, spec.removedRows());
  }

  /**
   * The ids of the rows the user's layers ({@code cordis.patch.yml}, {@code console.patch.yml},
   * the {@code --patch} file) override, such as the rows of a plugin about to be removed.
   *
   * @throws ProfileException when one of those files does not read
   */
  public Set<String> userOverrides(String profile, Optional<Path> patchFile) {
    Set<String> ids = new LinkedHashSet<>();
    userLayers(profile, patchFile).forEach(layer -> ids.addAll(layer.overrides()));
    return ids;
  }

  private List<Patch> userLayers(String profile, Optional<Path> patchFile) {
    Path dir = profileDir(profile);
    List<Patch> layers = new ArrayList<>();
    for (String file : List.of(PATCH_FILE, CONSOLE_FILE)) {
      String shown = "profiles/" + profile + "/" + file;
      boolean console = file.equals(CONSOLE_FILE);
      YamlFiles.read(dir.resolve(file), shown).ifPresent(text -> layers.add(
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

  /** The base layer alone: what {@code dsh run} serves while the profile's layers do not compose. */
  public ComposedProfile baseOnly(String profile) {
    profileDir(profile);
    return Composition.compose(profile, List.of(), Map.of());
  }
}
