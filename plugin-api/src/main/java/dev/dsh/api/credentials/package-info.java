/**
 * Credential references, resolved credentials and the credentials service.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.api.credentials;

import org.jspecify.annotations.NullMarked;
