package dev.dsh.app.cli;

/** The exit codes of one-shot commands. */
final class ExitCodes {
  /** Success. */
  static final int OK = 0;
  /** An unexpected failure of dsh itself. */
  static final int INTERNAL = 1;
  /** A usage, config or profile error: nothing was searched. */
  static final int USAGE_OR_CONFIG = 2;
  /** A {@code WebError}: the search ran and failed. */
  static final int WEB_ERROR = 3;

  private ExitCodes() {}
}
