/**
 * Profile composition: the base layer, each bundle's patch, the user's {@code cordis.patch.yml},
 * the console's {@code console.patch.yml}, a {@code --patch} file and the layers given in memory
 * folded into one ordered list of rows; its redacted dump; and the writers of dsh's own files,
 * {@code profile.yml} and {@code console.patch.yml}, each written whole.
 */
@NullMarked
package dev.dsh.host.internal.profile;

import org.jspecify.annotations.NullMarked;
