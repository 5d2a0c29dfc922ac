package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.List;
import java.util.Optional;

/** The layer an installed plugin contributes as a bundle: its {@value #RESOURCE}, if any. */
public record BundlePatch(String pluginId, Optional<String> yaml) {

  /** The resource path of a bundle's patch inside a plugin jar. */
  public static final String RESOURCE = "META-INF/dsh/cordis.patch.yml";

  /** The ids of the rows this bundle inserts, in order; throws {@link ProfileException}. */
  public List<String> insertedRowIds() {
    return parse().entries().stream().filter(Patch.Insert.class::isInstance)
        .flatMap(entry -> ((Patch.Insert) entry).rows().stream()).map(ProfileRow::id).toList();
  }

  Patch parse() {
    return Patch.parse(yaml.orElse(""), pluginId + ":" + RESOURCE,
        "bundle \"" + pluginId + "\"", false);
  }
}
