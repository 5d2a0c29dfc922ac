package dev.dsh.host.tool;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.web.WebSearchSource;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/** A tool call's text for the model ({@code Error: <message>} for a failure) and sources. */
public record ToolResult(
    String text, @Nullable String errorCode, List<WebSearchSource> sources, boolean truncated) {

  /** Why a door has no tool to call: the {@code tool-web} row is not running. */
  public static final String NOT_RUNNING = "the \"tool-web\" row is disabled or not running";

  /** A failed call: the text is {@code Error: <message>}. */
  public static ToolResult failure(String code, String message) {
    return new ToolResult("Error: " + message, Objects.requireNonNull(code, "code"), List.of(), false);
  }

  /** The answer to a call while the {@code tool-web} row is not running. */
  public static ToolResult notRunning() {
    return failure(WEB_PROVIDER_UNAVAILABLE, NOT_RUNNING);
  }

  /** True when the call failed. */
  public boolean isError() {
    return errorCode != null;
  }
}
