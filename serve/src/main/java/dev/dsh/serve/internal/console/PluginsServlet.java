package dev.dsh.serve.internal.console;

import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.model.PluginInfo;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.ApiReplies;
import dev.dsh.serve.internal.api.BadRequest;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/plugins}: {@code GET} lists the installed jars (as {@code dsh plugin list} reads
 * them, with the loaded state the running host has) and every scope with its state and failure;
 * {@code POST} installs an uploaded jar ({@link PluginsUpload}); {@code PUT <id>/enabled} lists
 * or takes out the plugin's bundle; {@code DELETE <id>} removes it as {@code dsh plugin remove}
 * does. A change applies by the host's own reload, as the watcher sees the files change.
 */
final class PluginsServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final transient ServeState state;
  private final transient HostOptions options;
  private final transient ConsoleApiEdits edits;

  PluginsServlet(ServeState state, HostOptions options, ConsoleApiEdits edits) {
    this.state = state;
    this.options = options;
    this.edits = edits;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String path = Optional.ofNullable(request.getPathInfo()).orElse("/");
    String method = request.getMethod();
    try {
      if (path.equals("/") && method.equals("GET")) {
        ApiReplies.json(response, 200, list());
      } else if (path.equals("/") && method.equals("POST")) {
        PluginInstaller.Installed added = new PluginsUpload(options, edits).install(request);
        ApiReplies.json(response, 200, JSON.writeValueAsString(JSON.createObjectNode()
            .put("id", added.id()).put("version", added.version())));
      } else if (path.matches("/[^/]+/enabled") && method.equals("PUT")) {
        String id = path.substring(1, path.length() - "/enabled".length());
        JsonNode enabled = ConsoleApiBodies.field(ConsoleApiBodies.object(request), "enabled",
            "true or false");
        if (!enabled.isBoolean()) {
          throw new BadRequest("/enabled", "must be true or false");
        }
        boolean changed =
            edits.run(() -> ProfileEdits.setBundleEnabled(options, id, enabled.booleanValue()));
        ApiReplies.json(response, 200, "{\"changed\":" + changed + "}");
      } else if (ConsoleApiBodies.segment(request).isPresent() && method.equals("DELETE")) {
        remove(ConsoleApiBodies.segment(request).get(), response);
      } else {
        ApiReplies.error(response, 405, "METHOD_NOT_ALLOWED", "/api/plugins answers GET and"
            + " POST, /api/plugins/<id>/enabled PUT, /api/plugins/<id> DELETE");
      }
    } catch (RuntimeException e) {
      ConsoleApiFailures.answer(response, e);
    }
  }

  private String list() {
    HostInspection inspection = Host.inspect(options);
    List<PluginInfo> loaded = state.booted().map(Host::plugins).orElse(List.of());
    ObjectNode root = JSON.createObjectNode();
    for (HostInspection.PluginJar jar : inspection.jars()) {
      ObjectNode entry = root.withArray("plugins").addObject().put("id", jar.id())
          .put("version", jar.version()).put("enabled", jar.enabled())
          .put("state", loaded.stream().filter(p -> p.id().equals(jar.id()))
              .map(PluginInfo::state).findFirst().orElse("NOT_LOADED"));
      jar.rows().forEach(entry.putArray("rows")::add);
    }
    root.withArray("plugins");
    for (HostInspection.RefusedJar refused : inspection.refusedJars()) {
      root.withArray("refused").addObject().put("file", refused.file().getFileName().toString())
          .put("problem", ApiReplies.printable(refused.problem()));
    }
    root.withArray("scopes");
    for (ScopeInfo scope : state.booted().map(Host::scopes).orElse(List.of())) {
      root.withArray("scopes").addObject().put("id", scope.id()).put("state", scope.state().name())
          .put("reason", scope.failure().map(ConfigApiRows::reason).orElse(null));
    }
    return JSON.writeValueAsString(root);
  }

  private void remove(String id, HttpServletResponse response) throws IOException {
    Optional<PluginInstaller.Removed> removed =
        edits.run(() -> PluginInstaller.remove(options, id));
    if (removed.isEmpty()) {
      ApiReplies.error(response, 404, "UNKNOWN_PLUGIN", "no plugin \"" + id + "\" is installed");
      return;
    }
    ObjectNode root = JSON.createObjectNode();
    removed.get().notes().forEach(root.putArray("notes")::add);
    removed.get().profileProblem().ifPresent(problem -> root.put("profileProblem", problem));
    ApiReplies.json(response, 200, JSON.writeValueAsString(root));
  }
}
