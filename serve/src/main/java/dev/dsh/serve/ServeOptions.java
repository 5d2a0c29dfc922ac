package dev.dsh.serve;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How a {@link DshServer} listens and what it allows (port 0 picks a free one; stateless: MCP
 * without sessions, progress or cancellation; the token file: absent, {@code DSH_SERVE_TOKEN} or
 * {@code <home>/serve-token}; the keystore's password in {@code DSH_SERVE_TLS_PASSWORD}).
 */
public record ServeOptions(String bind, int port, boolean stateless, Optional<Path> tokenFile,
    Optional<Path> tlsKeystore, Optional<Path> accessLog, Duration drainDeadline, int maxSessions,
    Duration sessionIdle) {

  /** The defaults: this machine only, on port 8719. */
  public static final String DEFAULT_BIND = "127.0.0.1";
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
