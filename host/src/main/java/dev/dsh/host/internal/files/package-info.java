/**
 * Messages for failed file operations that name the path and what is wrong with it, in the words a
 * person fixing the home folder needs.
 *
 * <p>Everything in this package is non-null unless marked {@link org.jspecify.annotations.Nullable}.
 */
@NullMarked
package dev.dsh.host.internal.files;

import org.jspecify.annotations.NullMarked;
