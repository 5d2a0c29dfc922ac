package dev.dsh.serve.internal.console;

import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.serve.internal.http.ServeToken;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Objects;
import org.eclipse.jetty.ee10.servlet.ResourceServlet;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Handler;

/**
 * The console's server side on the server's context: the pages' shells, the static files under
 * {@code /console/} (from the jar), {@code /api/session} and {@code /api/events}; {@link #gate()}
 * goes in front of the bearer check; {@link #activity()} and {@link #lifecycle} feed the events.
 */
public final class Console implements AutoCloseable {

  private final SessionGate gate;
  private final ConsoleEvents events;

  private Console(SessionGate gate, ConsoleEvents events) {
    this.gate = gate;
    this.events = events;
  }

  /**
   * @param token the token a sign-in must give
   * @param clock what sessions' idle time and the events' times are measured by
   */
  public static Console mount(ServletContextHandler context, ServeToken token, Clock clock) {
    SessionGate sessions = new SessionGate(clock, token);
    ConsoleEvents events = new ConsoleEvents(clock);
    context.addServlet(new ServletHolder(new SessionServlet(sessions, token)), "/api/session");
    ServletHolder stream = new ServletHolder(new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        events.open(request, response, sessions);
      }
    });
    stream.setAsyncSupported(true);
    context.addServlet(stream, "/api/events");
    ServletHolder pages = new ServletHolder(new PageServlet());
    // servlet mappings: "" is the root alone
    for (String path : new String[] {"", "/plugins", "/config", "/config/*", "/credentials",
        "/search", "/events", PageServlet.LOGIN}) {
      context.addServlet(pages, path);
    }
    // Found by a file of its own: the folder's name alone could be another jar's.
    String files = Objects.requireNonNull(Console.class.getResource(PageServlet.TEMPLATE),
        "the console's files are not in the jar").toExternalForm();
    ServletHolder statics = new ServletHolder("console-files", new ResourceServlet());
    statics.setInitParameter("baseResource", files.substring(0, files.lastIndexOf('/') + 1));
    statics.setInitParameter("pathInfoOnly", "true");
    statics.setInitParameter("dirAllowed", "false");
    statics.setInitParameter("etags", "true");
    statics.setAsyncSupported(true);
    context.addServlet(statics, "/console/*");
    return new Console(sessions, events);
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
