package dev.dsh.app.cli;

/** A command used wrongly in a way picocli cannot see (exit 2). */
final class UsageException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  UsageException(String message) {
    super(message);
  }
}
