/** The {@code dsh} command line. */
@NullMarked
package dev.dsh.host.cli;

import org.jspecify.annotations.NullMarked;
