/** Test fixtures shared across the host's test packages: the real plugin jar, a loopback stub. */
@NullMarked
package dev.dsh.host.testing;

import org.jspecify.annotations.NullMarked;
