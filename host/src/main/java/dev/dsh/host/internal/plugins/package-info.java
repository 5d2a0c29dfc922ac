/**
 * PF4J plugin loading, one jar at a time: each jar is read from its zip directory and a few small
 * entries, copied aside into the home's cache and loaded from the copy, so one bad jar is reported
 * and skipped and a jar replaced on disk never changes under a live class loader.
 *
 * <p>Plugins see {@code dev.dsh.api}, PF4J, SLF4J and Jackson from the host class loader; they
 * must not bundle them.
 */
@NullMarked
package dev.dsh.host.internal.plugins;

import org.jspecify.annotations.NullMarked;
