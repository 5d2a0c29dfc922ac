/**
 * Model-facing tools: the {@code web_search} tool, provided by the built-in {@code tool-web}.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.tool;

import org.jspecify.annotations.NullMarked;
