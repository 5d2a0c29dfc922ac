package dev.dsh.host.tool;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.host.json.Json;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The {@code web_search} arguments of one call, checked against the tool's schema; each problem's
 * message tells the model what to send instead.
 *
 * @param queries the queries, trimmed, without duplicates, in first-seen order
 * @param filters the filters every search of the call carries
 */
record ToolArguments(List<String> queries, SearchFilters filters) {

  private static final int MAX_QUERIES = 4;
  private static final Set<String> PROPERTIES = Set.of("queries", "site", "freshness");

  /** @throws IllegalArgumentException with a message for the model */
  static ToolArguments parse(String json) {
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(json);
    } catch (JacksonException e) {
      throw invalid("they are not valid JSON; send an object like {\"queries\": [\"...\"]}");
    }
    if (root == null || !root.isObject()) {
      throw invalid("they must be a JSON object like {\"queries\": [\"...\"]}");
    }
    for (Map.Entry<String, JsonNode> property : root.properties()) {
      if (!PROPERTIES.contains(property.getKey())) {
        throw invalid("unknown property \"" + property.getKey()
            + "\"; only \"queries\", \"site\" and \"freshness\" are accepted");
      }
    }
    JsonNode queries = root.get("queries");
    if (queries == null) {
      throw invalid("\"queries\" is required");
    }
    if (!queries.isArray()) {
      throw invalid("\"queries\" must be an array of 1 to " + MAX_QUERIES + " strings");
    }
    if (queries.isEmpty() || queries.size() > MAX_QUERIES) {
      throw invalid("\"queries\" must hold 1 to " + MAX_QUERIES + " queries, got " + queries.size());
    }
    Set<String> unique = new LinkedHashSet<>();
    for (int i = 0; i < queries.size(); i++) {
      JsonNode query = queries.get(i);
      if (!query.isString()) {
        throw invalid("\"queries\"[" + i + "] must be a string");
      }
      if (query.stringValue().isBlank()) {
        throw invalid("\"queries\"[" + i + "] must not be blank");
      }
      unique.add(query.stringValue().trim());
    }
    String site = optionalString(root, "site");
    String freshness = optionalString(root, "freshness");
    try {
      return new ToolArguments(List.copyOf(unique), new SearchFilters(
          site, List.of(), freshness == null ? null : Freshness.parse(freshness)));
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

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("invalid web_search arguments: " + problem);
  }
}
