package dev.dsh.host.tool;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
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

  private static final Set<String> PROPERTIES = Set.of("queries", "site", "freshness");

  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private ToolArguments() {}

  /** The queries of one call and the filters every one of its searches carries. */
  record Call(List<String> queries, SearchFilters filters) {}

  /**
   * @return the queries (trimmed, duplicates removed, in first-seen order) and the filters
   * @throws IllegalArgumentException with a message for the model when the arguments break the
   *     schema
   */
  static Call parse(String json) {
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
      if (!PROPERTIES.contains(property.getKey())) {
        throw invalid(
            "unknown property \""
                + property.getKey()
                + "\"; only \"queries\", \"site\" and \"freshness\" are accepted");
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
    return new Call(check(raw), filters(root));
  }

  private static SearchFilters filters(JsonNode root) {
    String site = optionalString(root, "site");
    String freshness = optionalString(root, "freshness");
    try {
      return new SearchFilters(
          site, List.of(), freshness == null ? null : Freshness.parse(freshness));
    } catch (IllegalArgumentException e) {
      throw invalid("\"" + e.getMessage().replaceFirst(" ", "\" "));
    }
  }

  private static @Nullable String optionalString(JsonNode root, String field) {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isString()) {
      throw invalid("\"" + field + "\" must be a string");
    }
    return value.stringValue();
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
