package dev.dsh.serve.internal.http;

import java.util.List;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;

/**
 * The headers that keep the console's pages out of frames and off other origins' scripts, on
 * every response: as a customizer, Jetty adds them to each request's response before any handler
 * runs; {@link JsonErrorHandler} adds them to every error, so also to the connector's own (a
 * malformed request, headers over their cap), which no handler sees.
 */
final class SecurityHeaders implements HttpConfiguration.Customizer {

  private static final List<HttpField> FIELDS = List.of(
      new PreEncodedHttpField("Content-Security-Policy",
          "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
      new PreEncodedHttpField("X-Frame-Options", "DENY"),
      new PreEncodedHttpField("X-Content-Type-Options", "nosniff"),
      new PreEncodedHttpField("Referrer-Policy", "no-referrer"));

  @Override
  public Request customize(Request request, HttpFields.Mutable responseHeaders) {
    addTo(responseHeaders);
    return request;
  }

  /** Puts the headers into {@code headers}, replacing any of the same names. */
  static void addTo(HttpFields.Mutable headers) {
    FIELDS.forEach(headers::put);
  }
}
