package dev.dsh.host.internal.web;

import dev.dsh.api.config.Description;
import org.jspecify.annotations.Nullable;

/**
 * The {@code web} row's config.
 *
 * @param searchProvider the id of the provider every search uses; absent lets the launch
 *     environment's {@code DSH_WEB_SEARCH_PROVIDER} pin one, else the one available provider serves
 */
public record WebConfig(
    @Description(
            "Id of the web search provider to use (the id its plugin registers). Read on every search."
                + " When unset, DSH_WEB_SEARCH_PROVIDER from the launch environment pins one;"
                + " otherwise the one available provider is used.")
        @Nullable String searchProvider) {}
