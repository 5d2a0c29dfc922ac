package dev.dsh.host.tool;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.host.json.Json;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/** One call's {@code web_search} arguments, checked; a problem tells the model what to send. */
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
    for (String name : root.propertyNames()) {
      if (!PROPERTIES.contains(name)) {
        throw invalid("unknown property \"" + name
            + "\"; only \"queries\", \"site\" and \"freshness\" are accepted");
      }
    }
    JsonNode queries = root.path("queries");
    if (queries.isMissingNode()) {
      throw invalid("\"queries\" is required");
    } else if (!queries.isArray()) {
      throw invalid("\"queries\" must be an array of 1 to " + MAX_QUERIES + " strings");
    } else if (queries.isEmpty() || queries.size() > MAX_QUERIES) {
      throw invalid("\"queries\" must hold 1 to " + MAX_QUERIES + " queries, got " + queries.size());
    }
    Set<String> unique = new LinkedHashSet<>();
    for (int i = 0; i < queries.size(); i++) {
      String query = string(queries.get(i), "\"queries\"[" + i + "]");
      if (query == null || query.isBlank()) {
        throw invalid(
            "\"queries\"[" + i + "] must " + (query == null ? "be a string" : "not be blank"));
      }
      unique.add(query.trim());
    }
    String site = string(root.path("site"), "\"site\"");
    String freshness = string(root.path("freshness"), "\"freshness\"");
    try {
      return new ToolArguments(List.copyOf(unique), new SearchFilters(
          site, List.of(), freshness == null ? null : Freshness.parse(freshness)));
    } catch (IllegalArgumentException e) {
      throw invalid("\"" + e.getMessage().replaceFirst(" ", "\" "));
    }
  }

  /** The string {@code value}; null when it is absent or null; else names {@code field}. */
  private static @Nullable String string(JsonNode value, String field) {
    if (!value.isString() && !value.isMissingNode() && !value.isNull()) {
      throw invalid(field + " must be a string");
    }
    return value.isString() ? value.stringValue() : null;
  }

  private static IllegalArgumentException invalid(String problem) {
    return new IllegalArgumentException("invalid web_search arguments: " + problem);
  }
}
