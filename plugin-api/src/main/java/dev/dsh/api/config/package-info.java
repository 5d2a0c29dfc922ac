/**
 * Annotations on config classes, read by the schema generator, and {@link
 * dev.dsh.api.config.UrlUserInfo}, which hides the password a URL-valued setting may carry when it
 * is printed.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.api.config;

import org.jspecify.annotations.NullMarked;
