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
    List<Map<String, Object>> dumped = rows.stream().map(row -> {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("id", row.id());
      out.put("name", row.name());
      out.put("from", origin(row.id()).orElse("?"));
      out.put("configFrom", configOrigin(row.id()).orElse("?"));
      out.put("fieldsFrom", fieldOrigins(row.id()));
      out.put("disabled", row.disabled());
      out.put("config", ConfigSecrets.redacted(row.config(), schemas.apply(row.name()).orElse(null)));
      return out;
    }).toList();
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("profile", profile);
    document.put("rows", dumped);
    return YamlFiles.write(document);
  }
}
