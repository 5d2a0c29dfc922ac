package dev.dsh.host.model;

/**
 * An edit of a profile's files refused before anything was written, for a reason a caller tells
 * apart (a console answers an unknown name with "not found"); never a config value.
 */
public final class ProfileEditException extends ProfileException {

  private static final long serialVersionUID = 1L;

  /** Why: no such row, no such installed plugin, or a later layer sets the row's config. */
  public enum Reason { UNKNOWN_ROW, UNKNOWN_PLUGIN, SET_ELSEWHERE }

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
