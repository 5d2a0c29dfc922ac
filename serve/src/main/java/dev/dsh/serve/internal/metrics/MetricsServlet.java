package dev.dsh.serve.internal.metrics;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/** {@code GET /metrics}: the registry in Prometheus's text format (version 0.0.4). */
public final class MetricsServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  /** What Prometheus's text format is served as. */
  static final String CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

  private final transient PrometheusMeterRegistry registry;

  public MetricsServlet(PrometheusMeterRegistry registry) {
    this.registry = registry;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    response.setStatus(200);
    response.setContentType(CONTENT_TYPE);
    response.setHeader("Cache-Control", "no-store");
    registry.scrape(response.getOutputStream());
  }
}
