/**
 * The console: sign-in sessions and their CSRF tokens, the pages' shells, the static files, the
 * language, and the live events. Not API.
 */
@NullMarked
package dev.dsh.serve.internal.console;

import org.jspecify.annotations.NullMarked;
