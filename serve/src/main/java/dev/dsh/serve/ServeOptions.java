package dev.dsh.serve;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link DshServer} listens and what it allows.
 *
 * @param bind the address to listen on ({@value #DEFAULT_BIND} by default: this machine only)
 * @param port the TCP port ({@value #DEFAULT_PORT} by default; 0 picks a free one)
 * @param stateless MCP without sessions: any replica can answer any request, with no progress,
 *     logging or cancellation
 * @param tokenFile the file holding the bearer token; absent: {@code DSH_SERVE_TOKEN} if set, else
 *     {@code <home>/serve-token}, made at the first start
 * @param tlsKeystore a PKCS#12 keystore to serve HTTPS with (password from {@code
 *     DSH_SERVE_TLS_PASSWORD}); absent: plain HTTP
 * @param accessLog where the access log goes; absent: the server's log
 * @param drainDeadline how long the searches in flight at shutdown may still run
 * @param maxSessions how many MCP sessions may be open at once
 * @param sessionIdle how long an MCP session may stay unused before it expires
 */
public record ServeOptions(String bind, int port, boolean stateless, Optional<Path> tokenFile,
    Optional<Path> tlsKeystore, Optional<Path> accessLog, Duration drainDeadline, int maxSessions,
    Duration sessionIdle) {

  /** The default bind address. */
  public static final String DEFAULT_BIND = "127.0.0.1";

  /** The default port. */
  public static final int DEFAULT_PORT = 8719;

  public ServeOptions {
    Objects.requireNonNull(bind, "bind");
    Objects.requireNonNull(tokenFile, "tokenFile");
    Objects.requireNonNull(tlsKeystore, "tlsKeystore");
    Objects.requireNonNull(accessLog, "accessLog");
    Objects.requireNonNull(drainDeadline, "drainDeadline");
    Objects.requireNonNull(sessionIdle, "sessionIdle");
    if (port < 0 || port > 65_535) {
      throw new IllegalArgumentException("port must be 0 to 65535: " + port);
    }
    if (maxSessions < 1) {
      throw new IllegalArgumentException("maxSessions must be at least 1: " + maxSessions);
    }
    if (drainDeadline.isNegative() || sessionIdle.isNegative() || sessionIdle.isZero()) {
      throw new IllegalArgumentException("durations must be positive");
    }
  }
}
