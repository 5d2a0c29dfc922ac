/**
 * What the host's doors share to answer: one JSON mapper, one form each of a search's result, an
 * error and the host's state, and one escape of control characters.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.json;

import org.jspecify.annotations.NullMarked;
