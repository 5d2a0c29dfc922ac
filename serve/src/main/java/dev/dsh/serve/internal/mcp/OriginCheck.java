package dev.dsh.serve.internal.mcp;

import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import jakarta.servlet.http.HttpServletRequest;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * The MCP spec's defence against DNS rebinding, by the SDK's validator: {@code Origin} and {@code
 * Host} must name the server (its bind address; on loopback, the loopback names too) and port,
 * or one of the allowed hosts a proxy uses ({@code NAME} for any port). Bound to every address
 * with no allowed host, {@code Host} is not checked and only loopback origins pass.
 */
final class OriginCheck {

  private final boolean everywhere;
  private final List<String> names = new ArrayList<>();
  private final List<String> allowedHosts;
  private final List<String> allowedOrigins;

  OriginCheck(String bind, List<String> allowed) {
    allowedHosts = allowed.stream().map(host -> host.matches(".*:\\d+") ? host : host + ":*")
        .toList();
    allowedOrigins = allowedHosts.stream().map(host -> host.substring(0, host.lastIndexOf(':')))
        .flatMap(name -> Stream.of("http://" + name + ":*", "https://" + name + ":*")).toList();
    InetAddress address;
    try {
      address = InetAddress.getByName(bind);
    } catch (UnknownHostException e) {
      // the server listens on it, so it resolved; a name that no longer does is no loopback
      address = null;
    }
    everywhere = address != null && address.isAnyLocalAddress();
    if (!everywhere) {
      names.add(bind.contains(":") ? "[" + bind + "]" : bind);
    }
    if (everywhere || (address != null && address.isLoopbackAddress())) {
      List.of("localhost", "127.0.0.1", "[::1]").stream().filter(name -> !names.contains(name))
          .forEach(names::add);
    }
  }

  /** Why {@code request} is refused, if it is: {@code 403} or {@code 421}, naming what passes. */
  @Nullable ServerTransportSecurityException refusal(HttpServletRequest request) {
    String port = ":" + request.getLocalPort();
    List<String> origins = Stream.concat(
        names.stream().map(name -> request.getScheme() + "://" + name + port),
        allowedOrigins.stream()).toList();
    List<String> hosts = everywhere && allowedHosts.isEmpty() ? List.of()
        : Stream.concat(names.stream().map(name -> name + port), allowedHosts.stream()).toList();
    try {
      DefaultServerTransportSecurityValidator.builder().allowedOrigins(origins)
          .allowedHosts(hosts).build()
          .validateHeaders(Map.of("Origin", lowerCase(request.getHeaders("Origin")),
              "Host", lowerCase(request.getHeaders("Host"))));
      return null;
    } catch (ServerTransportSecurityException e) {
      // never what was sent
      return new ServerTransportSecurityException(e.getStatusCode(), e.getStatusCode() == 403
          ? "Forbidden: the request's Origin is not this server's; MCP over HTTP answers pages"
              + " of " + String.join(", ", origins).replace(":*", "")
              + " only (a client that is not a browser sends no Origin)"
          : "Misdirected Request: the Host header must name this server: "
              + String.join(", ", hosts).replace(":*", " (any port)")
              + "; a proxy's name is allowed with --allowed-host");
    }
  }

  /** Host names are not case-sensitive; the validator compares exactly. */
  private static List<String> lowerCase(Enumeration<String> values) {
    return Collections.list(values).stream().map(v -> v.toLowerCase(Locale.ROOT)).toList();
  }
}
