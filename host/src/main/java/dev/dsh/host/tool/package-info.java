/**
 * Model-facing tools; here the {@code web_search} tool and its built-in {@code tool-web} plugin.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.tool;

import org.jspecify.annotations.NullMarked;
