/**
 * The core of the dsh plugin contract: contexts, scopes, services, config and abort signals.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.api;

import org.jspecify.annotations.NullMarked;
