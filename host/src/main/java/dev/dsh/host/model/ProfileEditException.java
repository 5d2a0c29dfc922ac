package dev.dsh.host.model;

import java.util.Objects;

/**
 * An edit of a profile's files refused before anything was written, for a reason a caller may
 * want to tell apart (a console answers an unknown name with "not found"). The message names what
 * was asked for and what to do; it never carries a config value.
 *
 * <p>A file that does not read is a plain {@link ProfileException}; a config its schema refuses
 * is a {@link dev.dsh.api.ConfigException} listing the violations.
 */
public final class ProfileEditException extends ProfileException {

  private static final long serialVersionUID = 1L;

  /** Why the edit was refused. */
  public enum Reason {
    /** No row of the composed profile has the id given. */
    UNKNOWN_ROW,
    /** No installed plugin has the id given. */
    UNKNOWN_PLUGIN,
    /**
     * The row's config comes from a layer after the profile's own files (a {@code --patch} file
     * or an in-memory layer), so a change to the user layer would not apply.
     */
    SET_ELSEWHERE
  }

  private final Reason reason;

  /**
   * @param reason why
   * @param message for the user, naming the row or plugin
   */
  public ProfileEditException(Reason reason, String message) {
    super(message);
    this.reason = Objects.requireNonNull(reason, "reason");
  }

  /** Why the edit was refused. */
  public Reason reason() {
    return reason;
  }
}
