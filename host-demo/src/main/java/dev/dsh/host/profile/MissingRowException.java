package dev.dsh.host.profile;

/** A patch entry overrides a row id that no earlier layer defines. */
public final class MissingRowException extends ProfileException {

  private static final long serialVersionUID = 1L;

  private final String rowId;
  private final String layer;

  public MissingRowException(String rowId, String layer, int entry) {
    super(
        layer
            + ": entry "
            + entry
            + " overrides row \""
            + rowId
            + "\", which no earlier layer defines (use {insert: [...]} to add a row)");
    this.rowId = rowId;
    this.layer = layer;
  }

  public String rowId() {
    return rowId;
  }

  /** The layer holding the faulty entry. */
  public String layer() {
    return layer;
  }
}
