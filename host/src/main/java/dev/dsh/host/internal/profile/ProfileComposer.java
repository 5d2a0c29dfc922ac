package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Composes a profile from its layers: the base layer, then each bundle listed in {@code
 * profiles/<name>/profile.yml} (its plugin's embedded patch, in list order), then the user layer
 * {@code profiles/<name>/cordis.patch.yml}, then an optional {@code --patch} file.
 *
 * <p>The one code path for boot, reload and {@code --dump-config}. Composition reads files and
 * nothing else: it starts no plugin.
 */
public final class ProfileComposer {

  /** The user layer's file name inside {@code profiles/<name>/}. */
  public static final String PATCH_FILE = "cordis.patch.yml";

  private static final Pattern PROFILE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

  private final Path home;
  private final BundlePatchSource bundles;

  /**
   * @param home the dsh home ({@code profiles/} lives under it)
   * @param bundles where listed bundles' patches come from (the installed plugins)
   */
  public ProfileComposer(Path home, BundlePatchSource bundles) {
    this.home = Objects.requireNonNull(home, "home");
    this.bundles = Objects.requireNonNull(bundles, "bundles");
  }

  /** {@code <home>/profiles/<profile>}, after checking the name is a plain folder name. */
  public Path profileDir(String profile) {
    if (!PROFILE_NAME.matcher(profile).matches()) {
      throw new ProfileException(
          "invalid profile name \""
              + profile
              + "\": use letters, digits, '.', '_' and '-', starting with a letter or digit");
    }
    return home.resolve("profiles").resolve(profile);
  }

  /**
   * @param profile the profile name
   * @param patchFile the {@code --patch} file, if given; it must exist
   * @throws ProfileException naming the file, layer, row or bundle at fault; a file over 1 MiB is
   *     refused before it is parsed
   */
  public ComposedProfile compose(String profile, Optional<Path> patchFile) {
    return compose(profile, patchFile, List.of());
  }

  /**
   * {@link #compose(String, Optional)} with {@code extra} layers composed last, in list order.
   *
   * @throws ProfileException as there, or naming the extra layer at fault
   */
  public ComposedProfile compose(
      String profile, Optional<Path> patchFile, List<ProfileLayer> extra) {
    Path dir = profileDir(profile);
    String shownDir = "profiles/" + profile + "/";
    List<PatchLayer> layers = new ArrayList<>();

    String specFile = shownDir + ProfileSpec.FILE_NAME;
    ProfileSpec spec = ProfileSpec.read(dir.resolve(ProfileSpec.FILE_NAME), specFile);
    for (String bundle : spec.bundles()) {
      BundlePatch patch =
          bundles.find(bundle).orElseThrow(() -> notInstalled(bundle, specFile));
      layers.add(PatchParser.parse(patch.yaml().orElse(""), patch.fileName(), patch.layerName()));
    }

    layers.addAll(userLayers(profile, patchFile));
    extra.forEach(layer -> layers.add(PatchParser.parse(layer.yaml(), layer.name(), layer.name())));
    return Composition.compose(profile, layers, spec.removedRows());
  }

  private static ProfileException notInstalled(String bundle, String specFile) {
    return new ProfileException(specFile + " lists bundle \"" + bundle + "\", but no installed"
        + " plugin has that id (install it with `dsh plugin add <jar>` or remove it from the"
        + " list)");
  }

  /**
   * The ids of the rows the user's own layers (the profile's {@code cordis.patch.yml}, then the
   * {@code --patch} file) override, such as the rows of a plugin about to be removed.
   *
   * @throws ProfileException when one of those files cannot be read or parsed
   */
  public Set<String> userOverrides(String profile, Optional<Path> patchFile) {
    Set<String> ids = new LinkedHashSet<>();
    for (PatchLayer layer : userLayers(profile, patchFile)) {
      layer.entries().stream()
          .filter(PatchEntry.Override.class::isInstance)
          .forEach(entry -> ids.add(((PatchEntry.Override) entry).id()));
    }
    return ids;
  }

  private List<PatchLayer> userLayers(String profile, Optional<Path> patchFile) {
    Path dir = profileDir(profile);
    List<PatchLayer> layers = new ArrayList<>();
    String userFile = "profiles/" + profile + "/" + PATCH_FILE;
    ProfileFiles.readIfPresent(dir.resolve(PATCH_FILE), userFile)
        .ifPresent(text -> layers.add(PatchParser.parse(text, userFile, "user layer " + userFile)));

    if (patchFile.isPresent()) {
      String shown = patchFile.get().toString();
      String text =
          ProfileFiles.readIfPresent(patchFile.get(), shown)
              .orElseThrow(() -> new ProfileException("--patch file not found: " + shown));
      layers.add(PatchParser.parse(text, shown, "--patch " + shown));
    }
    return layers;
  }

  /**
   * The base layer alone, the tree {@code dsh run} serves when the profile's own layers do not
   * compose.
   */
  public ComposedProfile baseOnly(String profile) {
    profileDir(profile);
    return Composition.compose(profile, List.of(), Map.of());
  }
}
