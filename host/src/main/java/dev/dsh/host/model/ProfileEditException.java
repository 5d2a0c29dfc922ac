package dev.dsh.host.model;

/**
 * An edit of a profile's files refused before anything was written, for a reason a caller tells
 * apart (a console answers an unknown name with "not found"). The message names what was asked
 * for and what to do, never a config value.
 */
public final class ProfileEditException extends ProfileException {

  private static final long serialVersionUID = 1L;

  /** Why the edit was refused. */
  public enum Reason {
    /** No row of the composed profile has the id given. */
    UNKNOWN_ROW,
    /** No installed plugin has the id given. */
    UNKNOWN_PLUGIN,
    /** The row's config comes from a layer after the user layer, so an edit there would not apply. */
    SET_ELSEWHERE
  }

  private final Reason reason;

  public ProfileEditException(Reason reason, String message) {
    super(message);
    this.reason = reason;
  }

  /** Why the edit was refused. */
  public Reason reason() {
    return reason;
  }
}
