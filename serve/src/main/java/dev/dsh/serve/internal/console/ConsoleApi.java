package dev.dsh.serve.internal.console;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.Host;
import dev.dsh.host.Host.ProviderChoice;
import dev.dsh.host.HostOptions;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.HostVersion;
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
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The console's data endpoints: the overview, {@link HomeApi}, the host's failures as a status, a
 * code and the CLI's message. Edits run on one thread: two could undo each other's file.
 */
public final class ConsoleApi extends HttpServlet implements AutoCloseable {

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
        case "PUT plugins/*/enabled" -> home.enable(id,
            field(request, "enabled", JsonNode::isBoolean, "true or false").booleanValue());
        case "DELETE plugins/*" -> home.remove(id);
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
    if (failure instanceof ApiReplies.Refusal refusal) {
      ApiReplies.error(response, refusal);
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
    } else if (failure instanceof FileAccessException file) {
      ApiReplies.error(response, 500, "FILE_ACCESS", file.getMessage());
    } else if (failure instanceof IllegalArgumentException) {
      ApiReplies.error(response, 400, "BAD_REQUEST", failure.getMessage());
    } else {
      throw failure;
    }
  }
}
