/**
 * The Cordis-like scope runtime: a tree of scopes, each applying one plugin, owning the effects
 * registered through its context, with services looked up across the tree.
 *
 * <p>The public door is {@link dev.dsh.host.internal.runtime.ScopeRuntime}; everything else is
 * package-private except the listener and snapshot types it hands out.
 */
@NullMarked
package dev.dsh.host.internal.runtime;

import org.jspecify.annotations.NullMarked;
