/**
 * JMH benchmarks of the host with the real Yuanbao plugin jar: a search through {@code
 * ctx.web} beside a bare HTTP fetch, the selection overhead, and abort latency. Run by {@code mvn
 * -Pbench verify}; never part of the default build.
 */
@NullMarked
package dev.dsh.app.bench;

import org.jspecify.annotations.NullMarked;
