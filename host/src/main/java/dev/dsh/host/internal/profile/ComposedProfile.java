package dev.dsh.host.internal.profile;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/** A composed profile: its rows in order, each row's layers, and notes for the user. */
public record ComposedProfile(String profile, List<ProfileRow> rows, Map<String, String> origins,
    Map<String, String> configOrigins, Map<String, Map<String, String>> fieldOrigins,
    List<String> notes) {

  /** The rows that are not disabled, in order: what the host applies. */
  public List<ProfileRow> enabledRows() {
    return rows.stream().filter(row -> !row.disabled()).toList();
  }

  public Optional<ProfileRow> row(String id) {
    return rows.stream().filter(row -> row.id().equals(id)).findFirst();
  }

  /** The layer that inserted the row {@code id}. */
  public Optional<String> origin(String id) {
    return Optional.ofNullable(origins.get(id));
  }

  /** The last layer that set any field of the row {@code id}, else the one that inserted it. */
  public Optional<String> configOrigin(String id) {
    return Optional.ofNullable(configOrigins.get(id)).or(() -> origin(id));
  }

  /** Each field of the row {@code id}'s config and the layer that set it, in the config's order. */
  public Map<String, String> fieldOrigins(String id) {
    Map<String, String> set = fieldOrigins.getOrDefault(id, Map.of());
    Map<String, String> out = new LinkedHashMap<>();
    row(id).ifPresent(row -> row.config().keySet()
        .forEach(key -> out.put(key, set.getOrDefault(key, origin(id).orElse("?")))));
    return Collections.unmodifiableMap(out);
  }

  /** This profile as YAML for {@code --dump-config}, each row's layers given, secrets redacted. */
  public String dump(Function<String, Optional<JsonNode>> schemas) {
    return YamlFiles.write(new Dump(profile, rows.stream().map(row -> new DumpedRow(row.id(),
        row.name(), origin(row.id()).orElse("?"), configOrigin(row.id()).orElse("?"),
        fieldOrigins(row.id()), row.disabled(),
        ConfigSecrets.redacted(row.config(), schemas.apply(row.name()).orElse(null)))).toList()));
  }

  private record Dump(String profile, List<DumpedRow> rows) {}

  private record DumpedRow(String id, String name, String from, String configFrom,
      Map<String, String> fieldsFrom, boolean disabled, Map<String, Object> config) {}
}
