package dev.dsh.serve.internal.http;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.List;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.ForwardedRequestCustomizer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.InetAddressSet;

/**
 * The client's address and scheme from a trusted proxy's {@code X-Forwarded-For}, {@code
 * X-Forwarded-Proto} or {@code Forwarded} (Jetty's reading), and only from those: from anyone else
 * the headers are ignored, so a client cannot pose as another address to the sign-in limiter.
 */
final class TrustedProxies implements HttpConfiguration.Customizer {

  private final InetAddressSet proxies = new InetAddressSet();
  private final ForwardedRequestCustomizer forwarded = new ForwardedRequestCustomizer();

  TrustedProxies(List<String> cidrs) {
    proxies.addAll(cidrs);
    // The host and port stay the request's own: the Host check judges what the proxy sent.
    forwarded.setForwardedHostHeader(null);
    forwarded.setForwardedServerHeader(null);
    forwarded.setForwardedPortHeader(null);
    forwarded.setForwardedHttpsHeader(null);
    forwarded.setForwardedSslSessionIdHeader(null);
    forwarded.setForwardedCipherSuiteHeader(null);
  }

  @Override
  public Request customize(Request request, HttpFields.Mutable responseHeaders) {
    SocketAddress peer = request.getConnectionMetaData().getRemoteSocketAddress();
    return peer instanceof InetSocketAddress address && proxies.test(address.getAddress())
        ? forwarded.customize(request, responseHeaders) : request;
  }
}
