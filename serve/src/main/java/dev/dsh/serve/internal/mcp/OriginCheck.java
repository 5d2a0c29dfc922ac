package dev.dsh.serve.internal.mcp;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;

/**
 * The MCP spec's defence against DNS rebinding, by the SDK's validator: a browser's {@code Origin}
 * and the {@code Host} must name the server (its bind address; bound to loopback, the loopback
 * names too). Bound to every address, {@code Host} is not checked and only loopback origins pass.
 * Made on first use: the port is known only once the server listens.
 */
final class OriginCheck {

  private final String bind;
  private final Supplier<URI> url;
  private volatile @Nullable Allowed allowed;

  /** The SDK's validator and the two refusals' texts, naming what passes, never what was sent. */
  private record Allowed(
      DefaultServerTransportSecurityValidator sdk, String forbidden, String misdirected) {}

  OriginCheck(String bind, Supplier<URI> url) {
    this.bind = bind;
    this.url = url;
  }

  /** Why {@code request} is refused, if it is: {@code 403} or {@code 421} with the text. */
  @Nullable ServerTransportSecurityException refusal(HttpServletRequest request) {
    Allowed now = allowed;
    if (now == null) {
      allowed = now = build(); // the same lists whoever builds them
    }
    try {
      now.sdk().validateHeaders(Map.of("Origin", Collections.list(request.getHeaders("Origin")),
          "Host", Collections.list(request.getHeaders("Host"))));
      return null;
    } catch (ServerTransportSecurityException e) {
      return new ServerTransportSecurityException(e.getStatusCode(),
          e.getStatusCode() == 403 ? now.forbidden() : now.misdirected());
    }
  }

  private Allowed build() {
    URI own = url.get();
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      // the server listens on it, so it resolved; a name that no longer does is no loopback
      address = null;
    }
    boolean everywhere = address != null && address.isAnyLocalAddress();
    List<String> names = new ArrayList<>(everywhere ? List.of() : List.of(own.getHost()));
    if (everywhere || (address != null && address.isLoopbackAddress())) {
      List.of("localhost", "127.0.0.1", "[::1]").stream().filter(name -> !names.contains(name))
          .forEach(names::add);
    }
    String port = ":" + own.getPort();
    List<String> origins =
        names.stream().map(name -> own.getScheme() + "://" + name + port).toList();
    List<String> hosts = everywhere ? List.of() : names.stream().map(name -> name + port).toList();
    return new Allowed(
        DefaultServerTransportSecurityValidator.builder().allowedOrigins(origins)
            .allowedHosts(hosts).build(),
        "Forbidden: the request's Origin is not this server's; MCP over HTTP answers pages of "
            + String.join(", ", origins) + " only (a client that is not a browser sends no Origin)",
        "Misdirected Request: the Host header must name this server: "
            + (everywhere ? "any" : String.join(", ", hosts)));
  }
}
