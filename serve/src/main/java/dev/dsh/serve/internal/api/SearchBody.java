package dev.dsh.serve.internal.api;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.serve.internal.http.ApiReplies;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The body of {@code POST /api/search}, checked field by field so each refusal names its field; a
 * value is echoed only by the filters' own messages, which cut it to 100 characters.
 */
final class SearchBody {

  private static final long MAX_TIMEOUT_MS = 3_600_000;
  private static final List<String> FIELDS =
      List.of("query", "maxResults", "site", "excludeSites", "freshness", "timeoutMs");

  private SearchBody() {}

  /** The request, its timeout set; @throws ApiReplies.Refusal naming the field at fault. */
  static WebSearchRequest parse(InputStream body) {
    JsonNode root = ApiReplies.object(body);
    for (String name : root.propertyNames()) {
      if (!FIELDS.contains(name)) {
        String pointer = name.replace("~", "~0").replace("/", "~1");
        throw ApiReplies.badRequest(
            "/" + (pointer.length() > 64 ? pointer.substring(0, 64) + "…" : pointer),
            "unknown field; the fields are " + String.join(", ", FIELDS));
      }
    }
    JsonNode query = root.path("query");
    if (!query.isString() || query.asString().isBlank()) {
      throw ApiReplies.badRequest("/query", "must be a string that is not blank");
    }
    Integer maxResults = integer(root, "maxResults", Integer.MAX_VALUE);
    Integer timeoutMs = integer(root, "timeoutMs", MAX_TIMEOUT_MS);
    return new WebSearchRequest(query.asString(), maxResults, filters(root),
        timeoutMs == null ? WebSearchTool.DEFAULT_TIMEOUT : Duration.ofMillis(timeoutMs));
  }

  private static SearchFilters filters(JsonNode root) {
    String site = string(root, "site");
    checked("/site", "site", () -> new SearchFilters(site, List.of(), null));
    List<String> excludes = new ArrayList<>();
    JsonNode list = root.get("excludeSites");
    if (list != null && !list.isNull()) {
      if (!list.isArray()) {
        throw ApiReplies.badRequest("/excludeSites", "must be an array of domains");
      }
      for (int i = 0; i < list.size(); i++) {
        String field = "/excludeSites/" + i;
        if (!list.get(i).isString()) {
          throw ApiReplies.badRequest(field, "must be a string (a domain)");
        }
        String domain = list.get(i).asString();
        checked(field, "excludeSites", () -> new SearchFilters(null, List.of(domain), null));
        excludes.add(domain);
      }
    }
    String freshness = string(root, "freshness");
    Freshness parsed = freshness == null
        ? null
        : checked("/freshness", "freshness", () -> Freshness.parse(freshness));
    // the whole list last: the plugin API bounds its length
    return checked("/excludeSites", "excludeSites",
        () -> new SearchFilters(site, excludes, parsed));
  }

  /** Runs a check of the plugin API, its message (starting with {@code name}) made a field's. */
  private static <T> T checked(String field, String name, Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      String why = e.getMessage() == null ? "is not valid" : e.getMessage();
      throw ApiReplies.badRequest(
          field, why.startsWith(name + " ") ? why.substring(name.length() + 1) : why);
    }
  }

  private static @Nullable String string(JsonNode root, String field) {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    if (!value.isString()) {
      throw ApiReplies.badRequest("/" + field, "must be a string");
    }
    return value.asString();
  }

  private static @Nullable Integer integer(JsonNode root, String field, long max) {
    JsonNode value = root.get(field);
    if (value == null || value.isNull()) {
      return null;
    }
    String range = "must be an integer from 1 to " + max;
    if (!value.isIntegralNumber()) {
      throw ApiReplies.badRequest("/" + field, range);
    }
    if (!value.canConvertToLong() || value.asLong() < 1 || value.asLong() > max) {
      throw ApiReplies.badRequest("/" + field, range + ", was " + value.asString());
    }
    return value.asInt();
  }
}
