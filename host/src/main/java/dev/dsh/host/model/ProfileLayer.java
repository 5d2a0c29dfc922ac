package dev.dsh.host.model;

/**
 * A patch layer given in memory, composed after the profile's files and {@code --patch}.
 *
 * @param name the layer as messages and {@code --dump-config} name it
 * @param yaml the patch, in the format of {@code cordis.patch.yml}
 */
public record ProfileLayer(String name, String yaml) {

  /** The name only: the patch may carry a placeholder key. */
  @Override
  public String toString() {
    return "ProfileLayer[" + name + "]";
  }
}
