package dev.dsh.serve.internal.console;

import dev.dsh.host.HostOptions;
import dev.dsh.serve.internal.http.ServeState;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * The console's data endpoints, behind the server's auth like every {@code /api/*} path: {@code
 * /api/overview}, {@code /api/plugins}, {@code /api/config}, {@code /api/credentials}. Their
 * edits of the home run one at a time on one thread ({@link ConsoleApiEdits}), ended by {@link
 * #close()}.
 */
public final class ConsoleApi implements AutoCloseable {

  private final ConsoleApiEdits edits = new ConsoleApiEdits();

  private ConsoleApi() {}

  /**
   * Mounts the endpoints in {@code context}.
   *
   * @param host the options the served host boots with: its home and profile are the ones edited
   * @param meters the registry {@code /metrics} reads, whose search counters the overview totals
   */
  public static ConsoleApi mount(ServletContextHandler context, ServeState state,
      HostOptions host, MeterRegistry meters) {
    ConsoleApi api = new ConsoleApi();
    add(context, new OverviewServlet(state, host, meters), "/api/overview");
    add(context, new PluginsServlet(state, host, api.edits), "/api/plugins", "/api/plugins/*");
    add(context, new ConfigApiServlet(state, host, api.edits), "/api/config", "/api/config/*");
    add(context, new CredentialsApiServlet(host, api.edits), "/api/credentials",
        "/api/credentials/*");
    return api;
  }

  private static void add(ServletContextHandler context, HttpServlet servlet, String... paths) {
    ServletHolder holder = new ServletHolder(servlet);
    for (String path : paths) {
      context.getServletHandler().addServletWithMapping(holder, path);
    }
  }

  /** Ends the edits thread (the server is stopping). */
  @Override
  public void close() {
    edits.close();
  }
}
