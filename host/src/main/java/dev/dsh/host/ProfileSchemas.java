package dev.dsh.host;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.config.ConfigSchemas;
import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileRow;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * The config schemas of a home's rows without starting anything: the built-ins' from their config
 * types (see {@link ConfigSchemas}), the installed jars' from their embedded {@code
 * config.schema.json}.
 */
final class ProfileSchemas {

  private final BuiltinPlugins builtins;
  private final PluginJars jars;

  ProfileSchemas(Path home, LaunchEnvironment env, PluginJars jars) {
    this.builtins = new BuiltinPlugins(home, env, line -> {}); // reads config types only, starts nothing
    this.jars = jars;
  }

  /** The schema of the plugin a row names, if it has one. */
  Optional<JsonNode> schema(String pluginName) {
    return builtins
        .configType(pluginName)
        .map(type -> (JsonNode) ConfigSchemas.tree(type))
        .or(() -> jars.configSchema(pluginName));
  }

  /**
   * The credential references the enabled rows name: each field marked {@code
   * x-credential-reference}, with the row's value or else the schema's default.
   */
  SortedSet<String> credentialRefs(ComposedProfile profile) {
    SortedSet<String> refs = new TreeSet<>();
    profile.enabledRows().forEach(row -> refs.addAll(credentialRefs(row)));
    return refs;
  }

  /** The credential references {@code row} names, as {@link #credentialRefs(ComposedProfile)}. */
  SortedSet<String> credentialRefs(ProfileRow row) {
    SortedSet<String> refs = new TreeSet<>();
    JsonNode properties = schema(row.name()).map(s -> s.get("properties")).orElse(null);
    if (properties == null) {
      return refs;
    }
    for (Map.Entry<String, JsonNode> field : properties.properties()) {
      JsonNode spec = field.getValue();
      if (!spec.path("x-credential-reference").asBoolean(false)) {
        continue;
      }
      Object value = row.config().get(field.getKey());
      String name =
          value instanceof String s
              ? s
              : spec.hasNonNull("default") ? spec.get("default").asString() : null;
      if (name != null && CredentialRef.NAME.matcher(name).matches()) {
        refs.add(name);
      }
    }
    return refs;
  }
}
