package dev.dsh.host;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.config.ConfigSchemas;
import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileRow;
import java.nio.file.Path;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/** The config schemas of a home's rows, from the built-ins' types and the jars. */
final class ProfileSchemas {

  private final BuiltinPlugins builtins;
  private final PluginJars jars;

  ProfileSchemas(Path home, LaunchEnvironment env, PluginJars jars) {
    this.builtins = new BuiltinPlugins(home, env, line -> {}); // for config types only
    this.jars = jars;
  }

  Optional<JsonNode> schema(String pluginName) {
    return builtins.configType(pluginName).map(type -> (JsonNode) ConfigSchemas.tree(type))
        .or(() -> jars.configSchema(pluginName));
  }

  /** The credential references the enabled rows name, as {@link #credentialRefs(ProfileRow)}. */
  SortedSet<String> credentialRefs(ComposedProfile profile) {
    SortedSet<String> refs = new TreeSet<>();
    profile.enabledRows().forEach(row -> refs.addAll(credentialRefs(row)));
    return refs;
  }

  /** Each field marked {@code x-credential-reference}: the row's value, else the default. */
  SortedSet<String> credentialRefs(ProfileRow row) {
    SortedSet<String> refs = new TreeSet<>();
    schema(row.name()).map(s -> s.path("properties")).ifPresent(fields -> fields.properties()
        .forEach(field -> {
          JsonNode spec = field.getValue();
          Object value = row.config().get(field.getKey());
          String name = value instanceof String s ? s
              : spec.hasNonNull("default") ? spec.get("default").asString() : null;
          if (spec.path("x-credential-reference").asBoolean(false) && name != null
              && CredentialRef.NAME.matcher(name).matches()) {
            refs.add(name);
          }
        }));
    return refs;
  }
}
