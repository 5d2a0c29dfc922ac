package dev.dsh.host.profile;

/** A layer inserted a row whose id an earlier layer (or the same one) already defined. */
public final class DuplicateRowException extends ProfileException {

  private static final long serialVersionUID = 1L;

  private final String rowId;
  private final String insertingLayer;
  private final String existingLayer;

  public DuplicateRowException(String rowId, String insertingLayer, String existingLayer) {
    super(
        "row \""
            + rowId
            + "\" inserted by "
            + insertingLayer
            + " already exists (from "
            + existingLayer
            + ")");
    this.rowId = rowId;
    this.insertingLayer = insertingLayer;
    this.existingLayer = existingLayer;
  }

  public String rowId() {
    return rowId;
  }

  /** The layer whose insert failed. */
  public String insertingLayer() {
    return insertingLayer;
  }

  /** The layer that had inserted the row first. */
  public String existingLayer() {
    return existingLayer;
  }
}
