package dev.dsh.serve.internal.console;

import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.model.PluginInfo;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.BadRequest;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/plugins}: {@code GET} lists the installed jars (as {@code dsh plugin list} reads
 * them, with the loaded state the running host has) and every scope with its state and failure;
 * {@code POST} installs an uploaded jar ({@link PluginsUpload}); {@code PUT <id>/enabled} lists
 * or takes out the plugin's bundle; {@code DELETE <id>} removes it as {@code dsh plugin remove}
 * does. A change applies by the host's own reload, as the watcher sees the files change.
 */
final class PluginsServlet extends ConsoleApiServlet {

  private static final long serialVersionUID = 1L;

  PluginsServlet(ServeState state, HostOptions options, ConsoleApi edits) {
    super(state, options, edits, "/api/plugins answers GET and POST,"
        + " /api/plugins/<id>/enabled PUT, /api/plugins/<id> DELETE");
  }

  @Override
  boolean answer(String method, String path, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    if (path.equals("/") && method.equals("GET")) {
      reply(response, list());
    } else if (path.equals("/") && method.equals("POST")) {
      PluginInstaller.Installed added = PluginsUpload.install(options, edits, request);
      reply(response, JSON.createObjectNode().put("id", added.id())
          .put("version", added.version()));
    } else if (path.matches("/[^/]+/enabled") && method.equals("PUT")) {
      String id = path.substring(1, path.length() - "/enabled".length());
      JsonNode enabled = field(request, "enabled", "true or false");
      if (!enabled.isBoolean()) {
        throw new BadRequest("/enabled", "must be true or false");
      }
      boolean changed =
          edits.run(() -> ProfileEdits.setBundleEnabled(options, id, enabled.booleanValue()));
      reply(response, JSON.createObjectNode().put("changed", changed));
    } else if (segment(path).isPresent() && method.equals("DELETE")) {
      reply(response, remove(segment(path).get()));
    } else {
      return false;
    }
    return true;
  }

  private ObjectNode list() {
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
          .put("problem", ControlEscapes.escape(refused.problem()));
    }
    root.withArray("scopes");
    for (ScopeInfo scope : state.booted().map(Host::scopes).orElse(List.of())) {
      root.withArray("scopes").addObject().put("id", scope.id()).put("state", scope.state().name())
          .put("reason", scope.failure().map(ConsoleApiServlet::reason).orElse(null));
    }
    return root;
  }

  private ObjectNode remove(String id) {
    PluginInstaller.Removed removed = edits.run(() -> PluginInstaller.remove(options, id))
        .orElseThrow(() -> new Refusal(404, "UNKNOWN_PLUGIN",
            "no plugin \"" + id + "\" is installed"));
    ObjectNode root = JSON.createObjectNode();
    removed.notes().forEach(root.putArray("notes")::add);
    removed.profileProblem().ifPresent(problem -> root.put("profileProblem", problem));
    return root;
  }
}
