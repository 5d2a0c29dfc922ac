/**
 * Draft-07 JSON Schema and Markdown catalog generation from config classes annotated with {@code
 * dev.dsh.api.config}.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.schema;

import org.jspecify.annotations.NullMarked;
