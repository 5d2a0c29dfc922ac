package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The layer an installed plugin contributes as a bundle: its embedded {@code
 * META-INF/dsh/cordis.patch.yml}.
 *
 * @param pluginId the PF4J plugin id, which is the bundle's name in {@code profile.yml}
 * @param yaml the patch text; empty when the jar carries none (the bundle then adds nothing)
 */
public record BundlePatch(String pluginId, Optional<String> yaml) {

  /** The resource path of a bundle's patch inside a plugin jar. */
  public static final String RESOURCE = "META-INF/dsh/cordis.patch.yml";

  public BundlePatch {
    Objects.requireNonNull(pluginId, "pluginId");
    Objects.requireNonNull(yaml, "yaml");
  }

  /**
   * The ids of the rows this bundle inserts, in order.
   *
   * @throws ProfileException when the patch does not parse
   */
  public List<String> insertedRowIds() {
    return PatchParser.parse(yaml.orElse(""), fileName(), layerName()).entries().stream()
        .filter(PatchEntry.Insert.class::isInstance)
        .flatMap(entry -> ((PatchEntry.Insert) entry).rows().stream())
        .map(ProfileRow::id)
        .toList();
  }

  String layerName() {
    return "bundle \"" + pluginId + "\"";
  }

  String fileName() {
    return pluginId + ":" + RESOURCE;
  }
}
