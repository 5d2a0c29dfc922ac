/**
 * A dsh host as an HTTP service: {@link dev.dsh.serve.DshServer} and {@link
 * dev.dsh.serve.ServeOptions}. Packages under {@code dev.dsh.serve.internal} are not API.
 */
@NullMarked
package dev.dsh.serve;

import org.jspecify.annotations.NullMarked;
