package dev.dsh.app.cli;

/** The exit codes of one-shot commands. */
final class ExitCodes {
  static final int OK = 0;
  static final int INTERNAL = 1;
  /** Nothing was searched. */
  static final int USAGE_OR_CONFIG = 2;
  /** The search ran and failed. */
  static final int WEB_ERROR = 3;

  private ExitCodes() {}
}
