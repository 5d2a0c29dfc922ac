package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.host.internal.runtime.PluginCallTimeoutException;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.jspecify.annotations.Nullable;

/** How a failed row's error is told: one line by default, the stack trace on request. */
final class FailureText {

  private FailureText() {}

  /**
   * The error on one line: the message of a config error or a missed deadline (they are written
   * for people), else the exception's simple class name and message, with the causes' appended.
   */
  static String of(@Nullable Throwable error) {
    if (error == null) {
      return "unknown error";
    }
    if (error instanceof ConfigException || error instanceof PluginCallTimeoutException) {
      return OneLine.of(String.valueOf(error.getMessage()));
    }
    StringBuilder line = new StringBuilder(describe(error));
    int depth = 0;
    for (Throwable cause = error.getCause();
        cause != null && cause != error && depth < 5;
        cause = cause.getCause(), depth++) {
      line.append(" (caused by ").append(describe(cause)).append(')');
    }
    return OneLine.of(line.toString());
  }

  /** The full stack trace, for {@code --verbose}. */
  static String stackTrace(Throwable error) {
    StringWriter text = new StringWriter();
    error.printStackTrace(new PrintWriter(text));
    return text.toString().stripTrailing();
  }

  private static String describe(Throwable t) {
    String message = t.getMessage();
    String name = t.getClass().getSimpleName();
    return message == null || message.isBlank() ? name : name + ": " + message;
  }
}
