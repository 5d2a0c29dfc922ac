package dev.dsh.host;

import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Range;
import java.time.Duration;

/**
 * The {@code tool-web} row's config.
 *
 * @param searchTimeoutMs how long one {@code web_search} call may take, in milliseconds: 1 to
 *     {@value #MAX_SEARCH_TIMEOUT_MS} (the schema holds a config to that range before it is bound)
 */
record WebToolConfig(
    @Default("30000")
        @Range(min = 1, max = WebToolConfig.MAX_SEARCH_TIMEOUT_MS)
        @Description(
            "How long one web_search call may take, in milliseconds (1 to 3600000, one hour: the"
                + " range of dsh search --timeout); when it elapses the searches are aborted.")
        int searchTimeoutMs) {

  /** The longest timeout, one hour: the same bound as {@code --timeout} on the command line. */
  static final int MAX_SEARCH_TIMEOUT_MS = 3_600_000;

  /** The default, {@code 30000}. */
  static final int DEFAULT_SEARCH_TIMEOUT_MS = 30_000;

  /** {@link #searchTimeoutMs()} as a duration. */
  Duration searchTimeout() {
    return Duration.ofMillis(searchTimeoutMs);
  }
}
