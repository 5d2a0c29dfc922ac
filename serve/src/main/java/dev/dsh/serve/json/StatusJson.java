package dev.dsh.serve.json;

import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.Host;
import dev.dsh.host.model.LeftoverThread;
import dev.dsh.host.model.PluginInfo;
import dev.dsh.host.model.ScopeInfo;
import java.util.List;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** A host's state as one JSON object: {@code dsh run}'s {@code status} line and {@code GET /api/status}. */
public final class StatusJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private StatusJson() {}

  /**
   * {@code {"plugins": [...], "scopes": [...], "providers": [...]}} on one line; each provider is
   * {@code {id, available, ready, reason?}}, the reason saying why one is not available or not
   * ready. Plus {@code "profileError": "<why>"} while the profile's files do not compose, and
   * {@code "leftoverThreads": [{"plugin", "thread"}]} while an unloaded plugin's threads still run.
   */
  public static String of(Host host) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode plugins = root.putArray("plugins");
    for (PluginInfo plugin : host.plugins()) {
      plugins
          .addObject()
          .put("id", plugin.id())
          .put("version", plugin.version())
          .put("state", plugin.state());
    }
    ArrayNode scopes = root.putArray("scopes");
    for (ScopeInfo scope : host.scopes()) {
      scopes.addObject().put("id", scope.id()).put("state", scope.state().name());
    }
    ArrayNode providers = root.putArray("providers");
    for (ProviderStatus provider : host.providers()) {
      ObjectNode entry =
          providers
              .addObject()
              .put("id", provider.id())
              .put("available", provider.available())
              .put("ready", provider.ready());
      provider.reasonOpt().ifPresent(reason -> entry.put("reason", reason));
    }
    // Only while the profile's files do not compose: what to fix (issue 22 part 1).
    host.profileProblem().ifPresent(problem -> root.put("profileError", problem));
    // Only while an unloaded plugin's threads still run (issue 10 item 5).
    List<LeftoverThread> left = host.leftoverThreads();
    if (!left.isEmpty()) {
      ArrayNode leftovers = root.putArray("leftoverThreads");
      for (LeftoverThread thread : left) {
        leftovers.addObject().put("plugin", thread.pluginId()).put("thread", thread.thread());
      }
    }
    return JSON.writeValueAsString(root);
  }
}
