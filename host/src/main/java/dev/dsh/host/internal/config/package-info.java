/**
 * Config validation for scopes: the JSON Schema of a plugin's config type enforced with everit,
 * defaults filled, every violation reported at its RFC 6901 pointer, typed binding with Jackson.
 */
@NullMarked
package dev.dsh.host.internal.config;

import org.jspecify.annotations.NullMarked;
