package dev.dsh.serve.internal.console;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.Host;
import dev.dsh.host.Host.ProviderChoice;
import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's data endpoints: the overview, {@link HomeApi}, the host's failures as a status, a
 * code and the CLI's message. Edits run on one thread: two could undo each other's file.
 */
public final class ConsoleApi extends HttpServlet implements AutoCloseable {

  private record Invalid(String code, String message, List<ConfigViolation> violations) {}

  private final transient Scheduler edits = Schedulers.newSingle("dsh-console-edits", true);
  final transient ServeState state;
  final transient HostOptions options;
  private final transient MeterRegistry meters;
  private final transient HomeApi home = new HomeApi(this);
  private final long startedNanos = System.nanoTime();

  /** Mounts the endpoints editing {@code options}' home; the overview totals {@code meters}. */
  public ConsoleApi(ServletContextHandler context, ServeState state, HostOptions options,
      MeterRegistry meters) {
    this.state = state;
    this.options = options;
    this.meters = meters;
    ServletHolder holder = new ServletHolder(this);
    // "/x/*" maps "/x" too
    for (String path : List.of("/api/overview", "/api/plugins/*", "/api/config/*",
        "/api/credentials/*")) {
      context.addServlet(holder, path);
    }
  }

  @Override
  public void close() {
    edits.dispose();
  }

  /** An answer is JSON, text for a {@code String}, or 204 for {@code null}. */
  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String resource = request.getServletPath().substring("/api/".length());
    String[] at = Optional.ofNullable(request.getPathInfo()).orElse("/").substring(1).split("/", 2);
    String id = at[0];
    String route = request.getMethod() + " " + resource
        + (id.isEmpty() ? "" : at.length == 1 ? "/*" : "/*/" + at[1]);
    try {
      Object answer = switch (route) {
        case "GET overview" -> overview();
        case "GET plugins" -> home.list();
        case "POST plugins" -> home.upload(request);
        case "PUT plugins/*/enabled" -> {
          boolean on = field(request, "enabled", JsonNode::isBoolean, "true or false").asBoolean();
          yield Map.of("changed", edit(() -> ProfileEdits.setBundleEnabled(options, id, on)));
        }
        case "DELETE plugins/*" -> edit(() -> PluginInstaller.remove(options, id)).orElseThrow(
            () -> new ApiReplies.Refusal(404, "UNKNOWN_PLUGIN",
                "no plugin \"" + id + "\" is installed"));
        case "GET config" -> Map.of("rows", home.rows());
        case "GET config/*" -> id.equals("dump") ? Host.inspect(options).configYaml()
            : home.row(id);
        case "PUT config/*" -> home.save(id, field(request, "config", JsonNode::isObject,
            "a JSON object: the row's whole config"));
        case "GET credentials" -> home.credentials();
        case "PUT credentials/*" -> home.store(id, field(request, "value", JsonNode::isString,
            "a string: the credential's value").stringValue());
        case "DELETE credentials/*" -> home.store(id, null);
        default -> throw new ApiReplies.Refusal(405, "METHOD_NOT_ALLOWED", request.getMethod() + " "
            + request.getRequestURI() + " is not in the console's API (docs/console-api.md)");
      };
      if (answer == null) {
        response.setStatus(204);
      } else if (answer instanceof String text) {
        ApiReplies.send(response, 200, "text/plain;charset=utf-8", text);
      } else {
        ApiReplies.json(response, 200, Json.MAPPER.writeValueAsString(answer));
      }
    } catch (RuntimeException e) {
      fail(response, e);
    }
  }

  <T> T edit(Supplier<T> edit) {
    return Mono.fromSupplier(edit).subscribeOn(edits).block(); // rethrows what it throws
  }

  /** A scope's failure in one line: its message's first line, else its class's name. */
  static String reason(Throwable failure) {
    return ControlEscapes.escape(Optional.ofNullable(failure.getMessage())
        .orElse(failure.getClass().getSimpleName()).lines().findFirst().orElse(""));
  }

  private ObjectNode overview() {
    ObjectNode root = Json.MAPPER.createObjectNode().put("version", HostVersion.current())
        .put("profile", options.profile()).put("home", options.home().root().toString())
        .put("uptimeSeconds", Duration.ofNanos(System.nanoTime() - startedNanos).toSeconds());
    Optional<Host> host = state.booted();
    root.set("providers", Json.MAPPER.valueToTree(host.map(h -> h.status().providers())
        .orElse(List.of())));
    ProviderChoice choice = host.map(Host::providerChoice).orElseGet(() -> new ProviderChoice(
        Optional.empty(), false, Optional.of(state.notReady().orElse("the host is not running"))));
    ObjectNode selected = root.putObject("selected").put("provider", choice.provider().orElse(null))
        .put("pinned", choice.pinned());
    choice.reason().ifPresent(reason -> selected.put("reason", reason));
    Collection<Counter> ended = meters.find("dsh.searches").counters();
    root.putObject("searches")
        .put("total", (long) ended.stream().mapToDouble(Counter::count).sum())
        .put("failed", (long) ended.stream().filter(c -> !"ok".equals(c.getId().getTag("outcome")))
            .mapToDouble(Counter::count).sum());
    return root;
  }

  /** The field {@code name} of the request's JSON object, which must hold one that {@code is}. */
  private static JsonNode field(HttpServletRequest request, String name,
      Predicate<JsonNode> is, String mustBe) throws IOException {
    JsonNode value = ApiReplies.object(request.getInputStream()).get(name);
    if (value == null || value.isNull() || !is.test(value)) { // never echoed
      throw ApiReplies.badRequest("/" + name, (value == null || value.isNull() ? "missing: give "
          : "must be ") + mustBe);
    }
    return value;
  }

  /** Answers a failure the host library documents, else rethrows it (a 500 without text). */
  private static void fail(HttpServletResponse response, RuntimeException failure)
      throws IOException {
    if (failure instanceof ConfigException invalid) {
      // The CLI's message has a line per violation: one line here.
      ApiReplies.json(response, 400, Json.MAPPER.writeValueAsString(Map.of("error", new Invalid(
          "INVALID_CONFIG", ControlEscapes.escape(LifecycleEvent.oneLine(invalid.getMessage())),
          invalid.violations().stream().map(v -> new ConfigViolation(v.pointer(),
              ControlEscapes.escape(v.message()))).toList()))));
      return;
    }
    String message = failure.getMessage();
    // the edit's reasons' names are the codes: UNKNOWN_ROW, UNKNOWN_PLUGIN (404), SET_ELSEWHERE
    ApiReplies.Refusal refusal = failure instanceof ApiReplies.Refusal known ? known
        : failure instanceof ProfileEditException edit ? new ApiReplies.Refusal(
            edit.reason() == ProfileEditException.Reason.SET_ELSEWHERE ? 409 : 404,
            edit.reason().name(), message)
        : failure instanceof ProfileException
            ? new ApiReplies.Refusal(409, "PROFILE_NOT_COMPOSED", message)
        : failure instanceof FileAccessException
            ? new ApiReplies.Refusal(500, "FILE_ACCESS", message)
        : failure instanceof IllegalArgumentException
            ? new ApiReplies.Refusal(400, "BAD_REQUEST", message) : null;
    if (refusal == null) {
      throw failure;
    }
    ApiReplies.error(response, refusal);
  }
}
