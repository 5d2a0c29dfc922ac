/**
 * Annotations on config classes, read by the schema generator.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.api.config;

import org.jspecify.annotations.NullMarked;
