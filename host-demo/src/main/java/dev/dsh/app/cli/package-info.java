/** The {@code dsh} command line. */
@NullMarked
package dev.dsh.app.cli;

import org.jspecify.annotations.NullMarked;
