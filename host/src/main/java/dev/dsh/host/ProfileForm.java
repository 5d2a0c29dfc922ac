package dev.dsh.host;

import dev.dsh.api.credentials.CredentialSource;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import tools.jackson.databind.JsonNode;

/** What a config form needs of a profile, without applying it, and no secret value. */
public record ProfileForm(List<Row> rows, List<Credential> credentials) {

  /** One row: its layers, its config without secrets, the pointers of its set and secret fields. */
  public record Row(String id, String plugin, boolean disabled, String origin,
      String configOrigin, Map<String, String> fieldOrigins, Optional<JsonNode> schema,
      Map<String, Object> config, SortedSet<String> secretsSet, SortedSet<String> secretFields,
      SortedSet<String> credentialRefs) {

    @Override
    public Optional<JsonNode> schema() {
      return schema.map(JsonNode::deepCopy); // a caller's change never reaches the next one
    }
  }

  /** One credential reference, never its value; {@code rows}: the enabled rows naming it. */
  public record Credential(String ref, boolean configured, Optional<CredentialSource> source,
      boolean writable, List<String> rows) {}
}
