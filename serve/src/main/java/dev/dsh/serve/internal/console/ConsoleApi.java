package dev.dsh.serve.internal.console;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.HostOptions;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.serve.internal.api.BadRequest;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's data endpoints, behind the server's auth like every {@code /api/*} path, and the
 * one thread ({@code dsh-console-edits}) that makes their edits of the home: each reads, changes
 * and replaces a file, so two at once could undo one another. A request waits for its edit.
 */
public final class ConsoleApi implements AutoCloseable {

  private final ExecutorService thread = Executors.newSingleThreadExecutor(task -> {
    Thread edits = new Thread(task, "dsh-console-edits");
    edits.setDaemon(true);
    return edits;
  });
  private final ServeState state;
  private final HostOptions options;

  private ConsoleApi(ServeState state, HostOptions options) {
    this.state = state;
    this.options = options;
  }

  /**
   * @param host the options the served host boots with: its home and profile are edited
   * @param meters the registry {@code /metrics} reads, whose search counters the overview totals
   */
  public static ConsoleApi mount(ServletContextHandler context, ServeState state,
      HostOptions host, MeterRegistry meters) {
    ConsoleApi api = new ConsoleApi(state, host);
    for (Endpoint endpoint : new Endpoint[] {new OverviewServlet(api, meters),
        new PluginsServlet(api), new ConfigApiServlet(api), new CredentialsApiServlet(api)}) {
      ServletHolder holder = new ServletHolder(endpoint);
      context.getServletHandler().addServletWithMapping(holder, endpoint.path);
      if (!(endpoint instanceof OverviewServlet)) { // the one endpoint without paths below it
        context.getServletHandler().addServletWithMapping(holder, endpoint.path + "/*");
      }
    }
    return api;
  }

  /** Ends the edits thread once the edit it runs (if any) is done. */
  @Override
  public void close() {
    thread.shutdown();
  }

  /**
   * What the data endpoints share: the host they read and edit, the dispatch by method and path
   * (405 for any other), their JSON bodies, and how a failure is answered: each typed failure of
   * the host library with its status, its code and the CLI's message (never a secret value).
   */
  abstract static class Endpoint extends HttpServlet {

    final transient ServeState state;
    final transient HostOptions options;
    private final transient ConsoleApi api;
    private final String path;
    private final String answers;

    /** @param answers the 405's message: the methods and paths the endpoint answers */
    Endpoint(ConsoleApi api, String path, String answers) {
      this.api = api;
      this.state = api.state;
      this.options = api.options;
      this.path = path;
      this.answers = answers;
    }

    /** Answers the request if the endpoint takes its method and path ({@code /} for none). */
    abstract boolean answer(String method, String path, HttpServletRequest request,
        HttpServletResponse response) throws IOException;

    @Override
    protected final void service(HttpServletRequest request, HttpServletResponse response)
        throws IOException {
      try {
        String at = Optional.ofNullable(request.getPathInfo()).orElse("/");
        if (!answer(request.getMethod(), at, request, response)) {
          ApiReplies.error(response, 405, "METHOD_NOT_ALLOWED", answers);
        }
      } catch (RuntimeException e) {
        fail(response, e);
      }
    }

    /** Runs {@code edit} on the edits thread; what it throws is thrown as it was. */
    <T> T edit(Supplier<T> edit) {
      try {
        return CompletableFuture.supplyAsync(edit, api.thread).join();
      } catch (CompletionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        throw e.getCause() instanceof RuntimeException failure ? failure : e;
      }
    }

    static void reply(HttpServletResponse response, JsonNode body) throws IOException {
      ApiReplies.json(response, 200, Json.MAPPER.writeValueAsString(body));
    }

    /** The field {@code name} of the request's JSON object, which must hold it; never echoed. */
    static JsonNode field(HttpServletRequest request, String name, String mustBe)
        throws IOException {
      JsonNode body;
      try {
        body = Json.MAPPER.readTree(request.getInputStream());
      } catch (JacksonException e) {
        throw new BadRequest("", "the body is not valid JSON: send one JSON object");
      }
      if (body == null || !body.isObject()) {
        throw new BadRequest("", "the body must be a JSON object");
      }
      return Optional.ofNullable(body.get(name)).filter(value -> !value.isNull())
          .orElseThrow(() -> new BadRequest("/" + name, "missing: give " + mustBe));
    }

    /** The one path segment of {@code path} ({@code /x}), if the path is that. */
    static Optional<String> segment(String path) {
      return path.length() > 1 && path.indexOf('/', 1) < 0
          ? Optional.of(path.substring(1)) : Optional.empty();
    }

    /** A scope's failure in one line: its message's first line, else its class's name. */
    static String reason(Throwable failure) {
      String message =
          Optional.ofNullable(failure.getMessage()).orElse(failure.getClass().getSimpleName());
      return ControlEscapes.escape(message.lines().findFirst().orElse(""));
    }

    /** Answers a failure the host library documents, else rethrows it (a 500 without text). */
    private static void fail(HttpServletResponse response, RuntimeException failure)
        throws IOException {
      if (failure instanceof Refusal refusal) {
        ApiReplies.error(response, refusal.status, refusal.code, refusal.getMessage());
      } else if (failure instanceof ConfigException invalid) {
        // The CLI's message has a line per violation: one line here, joined by "; ".
        String message = String.join("; ", invalid.getMessage().strip().split("\\s*\\R\\s*"))
            .replace(":; ", ": ");
        ObjectNode root = Json.MAPPER.createObjectNode();
        ArrayNode violations = root.putObject("error").put("code", "INVALID_CONFIG")
            .put("message", ControlEscapes.escape(message)).putArray("violations");
        for (ConfigViolation violation : invalid.violations()) {
          violations.addObject().put("pointer", violation.pointer())
              .put("message", ControlEscapes.escape(violation.message()));
        }
        ApiReplies.json(response, 400, Json.MAPPER.writeValueAsString(root));
      } else if (failure instanceof ProfileEditException edit) {
        // the reasons' names are the codes: UNKNOWN_ROW, UNKNOWN_PLUGIN (404), SET_ELSEWHERE (409)
        int status = edit.reason() == ProfileEditException.Reason.SET_ELSEWHERE ? 409 : 404;
        ApiReplies.error(response, status, edit.reason().name(), edit.getMessage());
      } else if (failure instanceof ProfileException profile) {
        ApiReplies.error(response, 409, "PROFILE_NOT_COMPOSED", profile.getMessage());
      } else if (failure instanceof PluginLoadException) {
        ApiReplies.error(response, 400, "BAD_PLUGIN", failure.getMessage());
      } else if (failure instanceof FileAccessException file) {
        ApiReplies.error(response, 500, "FILE_ACCESS", file.getMessage());
      } else if (failure instanceof BadRequest || failure instanceof IllegalArgumentException) {
        ApiReplies.error(response, 400, "BAD_REQUEST", failure.getMessage());
      } else {
        throw failure;
      }
    }
  }

  /** A refusal of an endpoint's own, answered with its status and code. */
  static final class Refusal extends RuntimeException {
    private final int status;
    private final String code;

    Refusal(int status, String code, String message) {
      super(message, null, false, false);
      this.status = status;
      this.code = code;
    }
  }
}
