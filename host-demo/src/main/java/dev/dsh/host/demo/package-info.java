/** The offline demo: a loopback endpoint that answers SearchPro requests with sample data. */
@NullMarked
package dev.dsh.host.demo;

import org.jspecify.annotations.NullMarked;
