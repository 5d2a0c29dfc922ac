package dev.dsh.host;

import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigSecrets;
import dev.dsh.host.internal.profile.ProfileRow;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import tools.jackson.databind.JsonNode;

/**
 * What a config form needs of a profile, read without applying it ({@link HostInspection#form}):
 * each row with its schema and its config as the user's files set it, and each credential the
 * rows use with where its value would come from. No secret value is in it: a field the schema
 * marks secret ({@code x-secret}, or a key that looks like one, as {@code --dump-config} decides)
 * is left out of {@link Row#config()}, and {@link Row#secretsSet()} says whether it has a value.
 * Save a form with {@link ProfileEdits#saveRowConfig}.
 *
 * @param rows every row of the composed profile, disabled ones included, in profile order
 * @param credentials every credential reference the enabled rows name, by name
 */
public record ProfileForm(List<Row> rows, List<Credential> credentials) {

  public ProfileForm {
    rows = List.copyOf(rows);
    credentials = List.copyOf(credentials);
  }

  /**
   * One row.
   *
   * @param id the row id
   * @param plugin the plugin it applies: a built-in's name or a plugin id
   * @param disabled whether the profile keeps it without applying it
   * @param origin the layer that inserted it ({@code base layer}, {@code bundle "x"}, ...)
   * @param configOrigin the layer that set its config
   * @param schema its plugin's config schema, if the plugin has one; a copy on every call
   * @param config its config as composed, before defaults, without its secret fields
   *     (unmodifiable)
   * @param secretsSet the RFC 6901 pointers of its secret fields that hold a value ({@code
   *     /apiKey})
   * @param credentialRefs the credential references it names, by name
   */
  public record Row(
      String id,
      String plugin,
      boolean disabled,
      String origin,
      String configOrigin,
      Optional<JsonNode> schema,
      Map<String, Object> config,
      SortedSet<String> secretsSet,
      SortedSet<String> credentialRefs) {

    public Row {
      schema = schema.map(JsonNode::deepCopy);
      config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
      secretsSet = Collections.unmodifiableSortedSet(new TreeSet<>(secretsSet));
      credentialRefs = Collections.unmodifiableSortedSet(new TreeSet<>(credentialRefs));
    }

    @Override
    public Optional<JsonNode> schema() {
      return schema.map(JsonNode::deepCopy); // a caller's change never reaches the next one
    }
  }

  /**
   * One credential reference, never its value.
   *
   * @param ref the credential's name
   * @param configured whether a value would be resolved now
   * @param source where that value would come from: the store or the launch environment; empty
   *     when it is missing
   * @param writable whether the store can take a value for it ({@link CredentialService#set})
   * @param rows the ids of the enabled rows that name it
   */
  public record Credential(
      String ref,
      boolean configured,
      Optional<CredentialSource> source,
      boolean writable,
      List<String> rows) {

    public Credential {
      rows = List.copyOf(rows);
    }
  }

  static ProfileForm of(
      ComposedProfile profile, ProfileSchemas schemas, CredentialService credentials) {
    List<Row> rows = new ArrayList<>();
    Map<String, List<String>> users = new TreeMap<>();
    for (ProfileRow row : profile.rows()) {
      Optional<JsonNode> schema = schemas.schema(row.name());
      SortedSet<String> refs = schemas.credentialRefs(row);
      if (!row.disabled()) {
        refs.forEach(ref -> users.computeIfAbsent(ref, r -> new ArrayList<>()).add(row.id()));
      }
      String origin = profile.origin(row.id()).orElseThrow();
      rows.add(new Row(row.id(), row.name(), row.disabled(), origin,
          profile.configOrigin(row.id()).orElse(origin), schema,
          ConfigSecrets.without(row.config(), schema.orElse(null)),
          ConfigSecrets.setPointers(row.config(), schema.orElse(null)), refs));
    }
    List<Credential> statuses = new ArrayList<>();
    users.forEach((ref, ids) -> {
      CredentialDescription description = credentials.describe(CredentialRef.of(ref));
      statuses.add(new Credential(ref, description.configured(), description.sourceOpt(),
          description.writable(), ids));
    });
    return new ProfileForm(rows, statuses);
  }
}
