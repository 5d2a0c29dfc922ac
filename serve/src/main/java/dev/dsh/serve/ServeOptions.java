package dev.dsh.serve;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.eclipse.jetty.util.InetAddressSet;

/**
 * How a {@link DshServer} listens and what it allows (port 0 picks a free one; stateless: MCP
 * without sessions, progress or cancellation; the token file: absent, {@code DSH_SERVE_TOKEN} or
 * {@code <home>/serve-token}; the keystore's password in {@code DSH_SERVE_TLS_PASSWORD}).
 * {@code allowedHosts}: the extra {@code NAME} or {@code NAME:PORT} a proxy sends as {@code Host}
 * to {@code /mcp}; {@code trustedProxies}: the addresses or CIDR blocks whose {@code
 * X-Forwarded-For}, {@code X-Forwarded-Proto} and {@code Forwarded} headers are believed.
 */
public record ServeOptions(String bind, int port, boolean stateless, Optional<Path> tokenFile,
    Optional<Path> tlsKeystore, Optional<Path> accessLog, Duration drainDeadline, int maxSessions,
    Duration sessionIdle, List<String> allowedHosts, List<String> trustedProxies) {

  /** The defaults: this machine only, on port 8719. */
  public static final String DEFAULT_BIND = "127.0.0.1";
  public static final int DEFAULT_PORT = 8719;

  public ServeOptions {
    Objects.requireNonNull(bind, "bind"); // Jetty would take null for every address
    allowedHosts = allowedHosts.stream().map(ServeOptions::allowedHost).toList();
    trustedProxies = List.copyOf(trustedProxies);
    trustedProxies.forEach(ServeOptions::trustedProxy);
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

  /** {@code NAME} or {@code NAME:PORT}, lower-cased; an IPv6 address in brackets. */
  private static String allowedHost(String value) {
    URI uri;
    try {
      uri = new URI("http://" + value);
    } catch (URISyntaxException e) {
      uri = null;
    }
    if (uri == null || uri.getHost() == null || uri.getRawUserInfo() != null
        || !uri.getRawPath().isEmpty() || uri.getRawQuery() != null
        || uri.getRawFragment() != null || value.endsWith(":")) {
      throw new IllegalArgumentException("allowed host '" + value + "' is not a host name or"
          + " address with an optional :PORT: write dsh.example.com, dsh.example.com:443 or"
          + " [2001:db8::1]:8719");
    }
    return value.toLowerCase(Locale.ROOT);
  }

  /** An address or a CIDR block, as literals: a name would need DNS on every request. */
  private static void trustedProxy(String value) {
    boolean literal = value.matches("[0-9A-Fa-f:.]+(/\\d{1,3})?");
    try {
      literal = literal && new InetAddressSet().add(value);
    } catch (IllegalArgumentException e) {
      literal = false;
    }
    if (!literal) {
      throw new IllegalArgumentException("trusted proxy '" + value + "' is not an IP address or"
          + " a CIDR block: write 10.0.0.5, 10.0.0.0/8 or fd00::/8");
    }
  }
}
