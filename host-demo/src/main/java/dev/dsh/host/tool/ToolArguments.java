package dev.dsh.host.tool;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and checks {@code web_search} arguments against the tool's schema, with a message per
 * problem that tells the model what to send instead.
 */
final class ToolArguments {

  static final int MIN_QUERIES = 1;
  static final int MAX_QUERIES = 4;

  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private ToolArguments() {}

  /**
   * @return the queries, trimmed, duplicates removed, in first-seen order
   * @throws IllegalArgumentException with a message for the model when the arguments break the
   *     schema
   */
  static List<String> parse(String json) {
    JsonNode root;
    try {
      root = MAPPER.readTree(json);
    } catch (JacksonException e) {
      throw invalid("they are not valid JSON; send an object like {\"queries\": [\"...\"]}");
    }
    if (root == null || !root.isObject()) {
      throw invalid("they must be a JSON object like {\"queries\": [\"...\"]}");
    }
    for (Map.Entry<String, JsonNode> property : root.properties()) {
      if (!property.getKey().equals("queries")) {
        throw invalid(
            "unknown property \"" + property.getKey() + "\"; only \"queries\" is accepted");
      }
    }
    JsonNode queries = root.get("queries");
    if (queries == null) {
      throw invalid("\"queries\" is required");
    }
    if (!queries.isArray()) {
      throw invalid("\"queries\" must be an array of " + range() + " strings");
    }
    List<String> raw = new ArrayList<>();
    for (int i = 0; i < queries.size(); i++) {
      JsonNode query = queries.get(i);
      if (!query.isString()) {
        throw invalid("\"queries\"[" + i + "] must be a string");
      }
      raw.add(query.stringValue());
    }
    return check(raw);
  }

  /**
   * Checks queries given directly.
   *
   * @return the queries, trimmed, duplicates removed, in first-seen order
   * @throws IllegalArgumentException when there are not 1 to 4 queries or one is blank
   */
  static List<String> check(List<String> queries) {
    if (queries.size() < MIN_QUERIES || queries.size() > MAX_QUERIES) {
      throw invalid("\"queries\" must hold " + range() + " queries, got " + queries.size());
    }
    Set<String> unique = new LinkedHashSet<>();
    for (int i = 0; i < queries.size(); i++) {
      String query = queries.get(i);
      if (query == null || query.isBlank()) {
        throw invalid("\"queries\"[" + i + "] must not be blank");
      }
      unique.add(query.trim());
    }
    return List.copyOf(unique);
  }

  private static String range() {
    return MIN_QUERIES + " to " + MAX_QUERIES;
  }

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("invalid web_search arguments: " + problem);
  }
}
