/**
 * The host's web service: provider registry, selection on every call, truncation, and the built-in {@code web} plugin.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.internal.web;

import org.jspecify.annotations.NullMarked;
