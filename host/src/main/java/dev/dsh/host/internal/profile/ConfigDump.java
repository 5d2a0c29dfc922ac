package dev.dsh.host.internal.profile;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Renders a composed profile as YAML for {@code dsh --dump-config}, secrets shown as {@code
 * <redacted>}: each row with the layer that inserted it ({@code from}) and the layer that set its
 * config ({@code configFrom}; an override replaces a row's config whole).
 *
 * <p>Output shape:
 *
 * <pre>
 * profile: default
 * rows:
 * - id: web
 *   name: web
 *   from: base layer
 *   configFrom: user layer profiles/default/cordis.patch.yml
 *   disabled: false
 *   config: {}
 * </pre>
 */
public final class ConfigDump {

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLWriteFeature.WRITE_DOC_START_MARKER)
          .enable(YAMLWriteFeature.MINIMIZE_QUOTES)
          .build();

  private ConfigDump() {}

  /**
   * @param profile the composed profile (from {@link ProfileComposer#compose})
   * @param schemas row name (plugin name) → the plugin's config schema, whose properties marked
   *     {@code "x-secret": true} are redacted; empty when the plugin has none
   */
  public static String render(
      ComposedProfile profile, Function<String, Optional<JsonNode>> schemas) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (ProfileRow row : profile.rows()) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("id", row.id());
      out.put("name", row.name());
      out.put("from", profile.origin(row.id()).orElse("?"));
      out.put("configFrom", profile.configOrigin(row.id()).orElse("?"));
      out.put("disabled", row.disabled());
      out.put("config", SecretRedactor.redact(row.config(), schemas.apply(row.name()).orElse(null)));
      rows.add(out);
    }
    Map<String, Object> document = new LinkedHashMap<>();
    document.put("profile", profile.profile());
    document.put("rows", rows);
    return YAML.writeValueAsString(document);
  }
}
