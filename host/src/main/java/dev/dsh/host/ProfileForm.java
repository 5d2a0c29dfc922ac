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

/** What a config form needs of a profile, without applying it, and no secret value. */
public record ProfileForm(List<Row> rows, List<Credential> credentials) {

  public ProfileForm {
    rows = List.copyOf(rows);
    credentials = List.copyOf(credentials);
  }

  /** One row: its layers, its config without secrets, the pointers of its set and secret fields. */
  public record Row(String id, String plugin, boolean disabled, String origin,
      String configOrigin, Map<String, String> fieldOrigins, Optional<JsonNode> schema,
      Map<String, Object> config, SortedSet<String> secretsSet, SortedSet<String> secretFields,
      SortedSet<String> credentialRefs) {

    public Row {
      fieldOrigins = Collections.unmodifiableMap(new LinkedHashMap<>(fieldOrigins));
      schema = schema.map(JsonNode::deepCopy);
      config = Collections.unmodifiableMap(new LinkedHashMap<>(config));
      secretsSet = Collections.unmodifiableSortedSet(new TreeSet<>(secretsSet));
      secretFields = Collections.unmodifiableSortedSet(new TreeSet<>(secretFields));
      credentialRefs = Collections.unmodifiableSortedSet(new TreeSet<>(credentialRefs));
    }

    @Override
    public Optional<JsonNode> schema() {
      return schema.map(JsonNode::deepCopy); // a caller's change never reaches the next one
    }
  }

  /** One credential reference, never its value; {@code rows}: the enabled rows naming it. */
  public record Credential(String ref, boolean configured, Optional<CredentialSource> source,
      boolean writable, List<String> rows) {

    public Credential {
      rows = List.copyOf(rows);
    }
  }

  static ProfileForm of(
      ComposedProfile profile, HostInspection inspection, CredentialService credentials) {
    List<Row> rows = new ArrayList<>();
    Map<String, List<String>> users = new TreeMap<>();
    for (ProfileRow row : profile.rows()) {
      JsonNode schema = inspection.schema(row.name()).orElse(null);
      SortedSet<String> refs = inspection.credentialRefs(row);
      if (!row.disabled()) {
        refs.forEach(ref -> users.computeIfAbsent(ref, r -> new ArrayList<>()).add(row.id()));
      }
      rows.add(new Row(row.id(), row.name(), row.disabled(), profile.origin(row.id()).orElseThrow(),
          profile.configOrigin(row.id()).orElseThrow(), profile.fieldOrigins(row.id()),
          Optional.ofNullable(schema), ConfigSecrets.without(row.config(), schema),
          ConfigSecrets.setPointers(row.config(), schema), ConfigSecrets.declaredPointers(schema),
          refs));
    }
    return new ProfileForm(rows, users.entrySet().stream().map(use -> {
      CredentialDescription description = credentials.describe(CredentialRef.of(use.getKey()));
      return new Credential(use.getKey(), description.configured(), description.sourceOpt(),
          description.writable(), use.getValue());
    }).toList());
  }
}
