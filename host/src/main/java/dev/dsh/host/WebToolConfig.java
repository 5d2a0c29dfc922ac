package dev.dsh.host;

import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Range;

/**
 * The {@code tool-web} row's config.
 *
 * @param searchTimeoutMs how long one {@code web_search} call may take, in milliseconds
 */
record WebToolConfig(
    @Default("30000")
        @Range(min = 1, max = 3_600_000)
        @Description(
            "How long one web_search call may take, in milliseconds (1 to 3600000, one hour: the"
                + " range of dsh search --timeout); when it elapses the searches are aborted.")
        int searchTimeoutMs) {}
