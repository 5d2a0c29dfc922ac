/**
 * The host's credentials service: a local store file under the home folder, then the launch
 * environment; and the built-in {@code credentials} plugin that mounts it.
 */
@NullMarked
package dev.dsh.host.internal.credentials;

import org.jspecify.annotations.NullMarked;
