package dev.dsh.host.internal.profile;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes a JSON-like value as one line of YAML flow text, such as <code>{baseURL: "https://x",
 * count: 20}</code>: what an edit puts in place of a row's config. Keys and words that read back
 * as the same string stay plain; every other string is a JSON string (JSON's escapes are YAML's),
 * so control characters never reach the file raw and {@code yes}, {@code 1e3} or {@code null} as
 * text stay strings.
 */
final class FlowYaml {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");
  // Plain words YAML 1.2's core schema reads as something other than a string.
  private static final Set<String> RESERVED = Set.of("true", "false", "null");
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private FlowYaml() {}

  /** {@code value} as flow YAML that reads back as an equal value. */
  static String render(@Nullable Object value) {
    if (value instanceof Map<?, ?> map) {
      return map.entrySet().stream()
          .map(entry -> word(String.valueOf(entry.getKey())) + ": " + render(entry.getValue()))
          .collect(Collectors.joining(", ", "{", "}"));
    }
    if (value instanceof List<?> list) {
      return list.stream().map(FlowYaml::render).collect(Collectors.joining(", ", "[", "]"));
    }
    if (value == null || value instanceof Boolean || value instanceof Number) {
      return String.valueOf(value);
    }
    if (value instanceof String text) {
      return JSON.writeValueAsString(text);
    }
    throw new IllegalArgumentException("not a JSON-like value: " + value.getClass().getName());
  }

  /** A key or id: plain when it reads back as the same string, else a JSON string. */
  static String word(String text) {
    boolean plain = PLAIN.matcher(text).matches()
        && !RESERVED.contains(text.toLowerCase(Locale.ROOT));
    return plain ? text : JSON.writeValueAsString(text);
  }
}
