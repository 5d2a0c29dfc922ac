package dev.dsh.serve.internal.console;

import dev.dsh.host.HostOptions;
import dev.dsh.serve.internal.http.ServeState;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServlet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * The console's data endpoints, behind the server's auth like every {@code /api/*} path: {@code
 * /api/overview}, {@code /api/plugins}, {@code /api/config}, {@code /api/credentials}; and the one
 * thread ({@code dsh-console-edits}) that makes their edits of the home (plugins, profile files,
 * credentials): each edit reads, changes and replaces a file, so two at once could undo one
 * another ({@code ProfileEdits}). A request waits for its edit; the thread ends by {@link
 * #close()}.
 */
public final class ConsoleApi implements AutoCloseable {

  private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
    Thread edits = new Thread(task, "dsh-console-edits");
    edits.setDaemon(true);
    return edits;
  });

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

  /**
   * Runs {@code edit} on the edits thread and returns its value.
   *
   * @throws RuntimeException the edit's own, as it threw it
   */
  <T> T run(Supplier<T> edit) {
    Future<T> done = thread.submit(edit::get);
    try {
      return done.get();
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException failure) {
        throw failure;
      }
      if (e.getCause() instanceof Error error) {
        throw error;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      done.cancel(true);
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for an edit", e);
    }
  }

  /** Ends the edits thread (the server is stopping) once the edit it runs (if any) is done. */
  @Override
  public void close() {
    thread.shutdown();
  }
}
