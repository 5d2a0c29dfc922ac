package dev.dsh.serve.internal.console;

import dev.dsh.host.HostOptions;
import dev.dsh.serve.internal.http.ServeState;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServlet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * The console's data endpoints, behind the server's auth like every {@code /api/*} path ({@code
 * /api/overview}, {@code /api/plugins}, {@code /api/config}, {@code /api/credentials}), and the one
 * thread ({@code dsh-console-edits}) that makes their edits of the home: each reads, changes and
 * replaces a file, so two at once could undo one another. A request waits for its edit.
 */
public final class ConsoleApi implements AutoCloseable {

  private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
    Thread edits = new Thread(task, "dsh-console-edits");
    edits.setDaemon(true);
    return edits;
  });

  private ConsoleApi() {}

  /**
   * @param host the options the served host boots with: its home and profile are edited
   * @param meters the registry {@code /metrics} reads, whose search counters the overview totals
   */
  public static ConsoleApi mount(ServletContextHandler context, ServeState state,
      HostOptions host, MeterRegistry meters) {
    ConsoleApi api = new ConsoleApi();
    add(context, new OverviewServlet(state, host, api, meters), "/api/overview");
    add(context, new PluginsServlet(state, host, api), "/api/plugins", "/api/plugins/*");
    add(context, new ConfigApiServlet(state, host, api), "/api/config", "/api/config/*");
    add(context, new CredentialsApiServlet(state, host, api), "/api/credentials",
        "/api/credentials/*");
    return api;
  }

  private static void add(ServletContextHandler context, HttpServlet servlet, String... paths) {
    ServletHolder holder = new ServletHolder(servlet);
    for (String path : paths) {
      context.getServletHandler().addServletWithMapping(holder, path);
    }
  }

  /** Runs {@code edit} on the edits thread; what it throws is thrown as it was. */
  <T> T run(Supplier<T> edit) {
    try {
      return CompletableFuture.supplyAsync(edit, thread).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw e.getCause() instanceof RuntimeException failure ? failure : e;
    }
  }

  /** Ends the edits thread once the edit it runs (if any) is done. */
  @Override
  public void close() {
    thread.shutdown();
  }
}
