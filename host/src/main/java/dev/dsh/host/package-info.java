/** The dsh host: PF4J loading, profiles, the scope runtime, built-in services and the CLI. */
@NullMarked
package dev.dsh.host;

import org.jspecify.annotations.NullMarked;
