/**
 * The built-in {@code env} plugin: the launch environment as a service.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.internal.env;

import org.jspecify.annotations.NullMarked;
