/** The offline demo: a loopback endpoint that answers SearchPro requests with sample data. */
@NullMarked
package dev.dsh.app.demo;

import org.jspecify.annotations.NullMarked;
