package dev.dsh.host.tool;

import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import java.time.Duration;

/**
 * The {@code tool-web} row's config.
 *
 * @param searchTimeoutMs how long one {@code web_search} call may take, in milliseconds; at least 1
 */
public record WebToolConfig(
    @Default("30000")
        @Description(
            "How long one web_search call may take, in milliseconds; when it elapses the searches"
                + " are aborted.")
        int searchTimeoutMs) {

  /** The default, {@code 30000}. */
  public static final int DEFAULT_SEARCH_TIMEOUT_MS = 30_000;

  /** {@link #searchTimeoutMs()} as a duration. */
  public Duration searchTimeout() {
    return Duration.ofMillis(searchTimeoutMs);
  }
}
