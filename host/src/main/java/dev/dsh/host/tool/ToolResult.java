package dev.dsh.host.tool;

import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * What a tool call gives back to the model: the text, the error code when the call failed, and the
 * merged sources the text lists (for clients that take structured results, such as MCP's {@code
 * structuredContent}).
 *
 * @param text the model-facing text; for a failure, {@code Error: <message>}
 * @param errorCode the failure's code (such as {@code WEB_ABORTED}); absent on success
 * @param sources the merged sources in the order the text lists them; empty for a failure
 * @param truncated true when the text says that sources were left out
 */
public record ToolResult(
    String text, @Nullable String errorCode, List<WebSearchSource> sources, boolean truncated) {

  public ToolResult {
    Objects.requireNonNull(text, "text");
    sources = List.copyOf(Objects.requireNonNull(sources, "sources"));
  }

  /** A successful call rendering {@code text}, without structured sources. */
  public static ToolResult success(String text) {
    return success(text, List.of(), false);
  }

  /** A successful call rendering {@code text}, which lists {@code sources}. */
  public static ToolResult success(String text, List<WebSearchSource> sources, boolean truncated) {
    return new ToolResult(text, null, sources, truncated);
  }

  /** A failed call: the text is {@code Error: <message>} and the code is kept. */
  public static ToolResult failure(String code, String message) {
    return new ToolResult("Error: " + message, Objects.requireNonNull(code, "code"), List.of(), false);
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
