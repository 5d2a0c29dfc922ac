/**
 * Config validation for scopes: the JSON Schema of a plugin's config type enforced with everit,
 * defaults filled, every violation reported with its RFC 6901 pointer, and typed binding with
 * Jackson.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.internal.config;

import org.jspecify.annotations.NullMarked;
