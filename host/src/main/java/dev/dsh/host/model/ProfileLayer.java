package dev.dsh.host.model;

/** A patch layer given in memory (as {@code cordis.patch.yml}), composed after the files. */
public record ProfileLayer(String name, String yaml) {

  /** The name only: the patch may carry a placeholder key. */
  @Override
  public String toString() {
    return "ProfileLayer[" + name + "]";
  }
}
