/**
 * The JSON forms the host's doors share: one mapper, and one form each of a search's result, an
 * error and the host's state.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.json;

import org.jspecify.annotations.NullMarked;
