package dev.dsh.host.tool;

import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a tool call gives back to the model: the text, and the error code when the call failed.
 *
 * @param text the model-facing text; for a failure, {@code Error: <message>}
 * @param errorCode the failure's code (such as {@code WEB_ABORTED}); absent on success
 */
public record ToolResult(String text, @Nullable String errorCode) {

  public ToolResult {
    Objects.requireNonNull(text, "text");
  }

  /** A successful call rendering {@code text}. */
  public static ToolResult success(String text) {
    return new ToolResult(text, null);
  }

  /** A failed call: the text is {@code Error: <message>} and the code is kept. */
  public static ToolResult failure(String code, String message) {
    return new ToolResult("Error: " + message, Objects.requireNonNull(code, "code"));
  }

  /** True when the call failed. */
  public boolean isError() {
    return errorCode != null;
  }

  /** {@link #errorCode()} as an optional. */
  public Optional<String> errorCodeOpt() {
    return Optional.ofNullable(errorCode);
  }
}
