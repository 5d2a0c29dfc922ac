/**
 * Profile composition: the base layer, each bundle's patch, the user layer and an optional
 * {@code --patch} file folded into one ordered list of rows, and its redacted YAML dump.
 *
 * <p>Boot and {@code --dump-config} both go through {@link dev.dsh.host.internal.profile.ProfileComposer},
 * so the dump shows exactly the tree the host applies.
 */
@NullMarked
package dev.dsh.host.internal.profile;

import org.jspecify.annotations.NullMarked;
