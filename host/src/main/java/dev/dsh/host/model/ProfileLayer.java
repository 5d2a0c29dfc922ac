package dev.dsh.host.model;

import java.util.Objects;

/**
 * A patch layer given in memory rather than read from a file, composed after the profile's own
 * layers and the {@code --patch} file: a program's last word on its rows (an application can point
 * a row at an endpoint of its own this way).
 *
 * @param name the layer as named in messages and in {@code --dump-config}'s {@code from}
 * @param yaml the patch, in the format of {@code cordis.patch.yml}
 */
public record ProfileLayer(String name, String yaml) {

  public ProfileLayer {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(yaml, "yaml");
  }

  /** The name only: the patch may carry a placeholder key. */
  @Override
  public String toString() {
    return "ProfileLayer[" + name + "]";
  }
}
