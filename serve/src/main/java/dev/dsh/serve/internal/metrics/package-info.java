/** {@code /metrics}: the server's Prometheus registry and its endpoint. Not API. */
@NullMarked
package dev.dsh.serve.internal.metrics;

import org.jspecify.annotations.NullMarked;
