/**
 * The web seam: search providers, the requests and results they exchange, and the errors they report.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.api.web;

import org.jspecify.annotations.NullMarked;
