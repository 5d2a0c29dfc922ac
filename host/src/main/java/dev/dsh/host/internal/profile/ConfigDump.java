package dev.dsh.host.internal.profile;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * A composed profile as YAML for {@code dsh --dump-config}: each row with the layer that inserted
 * it ({@code from}), the last layer that set any field of its config ({@code configFrom}), the
 * layer that set each field ({@code fieldsFrom}), and its config, secrets {@code <redacted>}.
 */
public final class ConfigDump {

  private ConfigDump() {}

  /** @param schemas plugin name → its config schema, whose secret fields are redacted */
  public static String render(
      ComposedProfile profile, Function<String, Optional<JsonNode>> schemas) {
    List<Map<String, Object>> rows = profile.rows().stream().map(row -> {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("id", row.id());
      out.put("name", row.name());
      out.put("from", profile.origin(row.id()).orElse("?"));
      out.put("configFrom", profile.configOrigin(row.id()).orElse("?"));
      out.put("fieldsFrom", profile.fieldOrigins(row.id()));
      out.put("disabled", row.disabled());
      out.put("config", ConfigSecrets.redacted(row.config(), schemas.apply(row.name()).orElse(null)));
      return out;
    }).toList();
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("profile", profile.profile());
    document.put("rows", rows);
    return yaml(document);
  }

  /** {@code value} as YAML text without a document marker, strings quoted only where needed. */
  static String yaml(Object value) {
    return YamlFiles.MAPPER.writer().without(YAMLWriteFeature.WRITE_DOC_START_MARKER)
        .with(YAMLWriteFeature.MINIMIZE_QUOTES).writeValueAsString(value);
  }
}
