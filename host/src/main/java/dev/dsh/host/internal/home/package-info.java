/**
 * The dsh home folder and the paths inside it.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.internal.home;

import org.jspecify.annotations.NullMarked;
