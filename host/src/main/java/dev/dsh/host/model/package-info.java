/**
 * The values the host's API hands out and takes: the home folder, status records (scopes,
 * lifecycle events, the version), patch layers given in memory, and the exceptions a caller can
 * tell apart.
 */
@NullMarked
package dev.dsh.host.model;

import org.jspecify.annotations.NullMarked;
