package dev.dsh.host.profile;

/**
 * A patch or profile file is valid YAML but has the wrong shape: not a list, a row without an id,
 * an unknown key, a value of the wrong type. The message names the file and, when there is one,
 * the 1-based entry.
 */
public final class PatchFormatException extends ProfileException {

  private static final long serialVersionUID = 1L;

  private final String file;
  private final int entry;

  /**
   * @param entry the 1-based entry at fault, or 0 when the fault is the whole file
   */
  public PatchFormatException(String file, int entry, String detail) {
    super(file + (entry > 0 ? ": entry " + entry : "") + ": " + detail);
    this.file = file;
    this.entry = entry;
  }

  public String file() {
    return file;
  }

  /** The 1-based entry at fault, or 0 when the fault is the whole file. */
  public int entry() {
    return entry;
  }
}
