package dev.dsh.serve.internal.mcp;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerHttpHeaderValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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

  private record Allowed(List<String> hosts, List<String> origins, ServerHttpHeaderValidator sdk) {}

  OriginCheck(String bind, Supplier<URI> url) {
    this.bind = bind;
    this.url = url;
  }

  void validate(HttpServletRequest request) throws ServerTransportSecurityException {
    allowed().sdk().validate(new HeaderAccessor() {
      @Override
      public List<String> getHeader(String name) {
        return Collections.list(request.getHeaders(name));
      }

      @Override
      public List<String> getHeaderNames() {
        return Collections.list(request.getHeaderNames());
      }
    });
  }

  /** What a refusal means and what passes, for the response (the refused value is not echoed). */
  String explain(ServerTransportSecurityException refusal) {
    Allowed now = allowed();
    return refusal.getStatusCode() == 403
        ? "Forbidden: the request's Origin is not this server's; MCP over HTTP answers pages of "
            + String.join(", ", now.origins()) + " only (a client that is not a browser sends no"
            + " Origin)"
        : "Misdirected Request: the Host header must name this server: "
            + String.join(", ", now.hosts());
  }

  private Allowed allowed() {
    if (allowed == null) {
      allowed = build(); // the same lists whoever builds them
    }
    return allowed;
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
    return new Allowed(everywhere ? List.of("any") : hosts, origins,
        DefaultServerTransportSecurityValidator.builder().allowedOrigins(origins)
            .allowedHosts(hosts).build());
  }
}
