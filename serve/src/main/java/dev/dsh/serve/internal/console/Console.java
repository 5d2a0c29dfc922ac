package dev.dsh.serve.internal.console;

import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.internal.http.ServeToken;
import java.net.URL;
import java.time.Clock;
import java.util.Objects;
import org.eclipse.jetty.ee10.servlet.ResourceServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;

/**
 * The console's server side, mounted on the server's context: the pages' shells, the static files
 * under {@code /console/} (from the jar), {@code /api/session} and {@code /api/events}; {@link
 * #gate()} goes in front of the bearer check; {@link #activity()} and {@link #lifecycle} feed the
 * events.
 */
public final class Console implements AutoCloseable {

  /** The paths of the pages' shells (servlet mappings: {@code ""} is the root alone). */
  private static final String[] PAGES = {"", "/plugins", "/config", "/config/*", "/credentials",
      "/search", "/events", "/login"};

  private final SessionGate gate;
  private final ConsoleEvents events;

  private Console(SessionGate gate, ConsoleEvents events) {
    this.gate = gate;
    this.events = events;
  }

  /**
   * Mounts the console on {@code context}.
   *
   * @param token the token a sign-in must give
   * @param clock what sessions' idle time and the events' times are measured by
   */
  public static Console mount(ServletContextHandler context, ServeToken token, Clock clock) {
    Sessions sessions = new Sessions(clock, token);
    ConsoleEvents events = new ConsoleEvents(clock);
    context.addServlet(new ServletHolder(
        new SessionServlet(sessions, new SignInLimiter(clock), token)), "/api/session");
    ServletHolder stream = new ServletHolder(new EventsServlet(events, sessions));
    stream.setAsyncSupported(true);
    context.addServlet(stream, "/api/events");
    ServletHolder pages = new ServletHolder(new PageServlet());
    for (String path : PAGES) {
      context.addServlet(pages, path);
    }
    // found by a file of its own: the folder's name alone could be another jar's (or the tests')
    URL template = Objects.requireNonNull(Console.class.getResource(Shell.TEMPLATE),
        "the console's files are not in the jar");
    String files = template.toExternalForm();
    ServletHolder statics = new ServletHolder("console-files", new ResourceServlet());
    statics.setInitParameter("baseResource", files.substring(0, files.lastIndexOf('/') + 1));
    statics.setInitParameter("pathInfoOnly", "true");
    statics.setInitParameter("dirAllowed", "false");
    statics.setInitParameter("etags", "true");
    statics.setAsyncSupported(true);
    context.addServlet(statics, "/console/*");
    return new Console(new SessionGate(sessions), events);
  }

  /** The handler that lets signed-in sessions (and the open paths) past the bearer check. */
  public Handler.Wrapper gate() {
    return gate;
  }

  /** Tells the events of every search and reload. */
  public ActivityListener activity() {
    return events;
  }

  /** Tells the events of every life-cycle event, then {@code next}. */
  public LifecycleListener lifecycle(LifecycleListener next) {
    return event -> {
      events.lifecycle(event);
      next.onEvent(event);
    };
  }

  /** Ends the open event streams; the drain does not wait for them. */
  @Override
  public void close() {
    events.close();
  }
}
