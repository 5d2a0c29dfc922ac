package dev.dsh.serve.json;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A search's result or failure as one JSON object: what {@code dsh search --json} prints and
 * {@code POST /api/search} answers.
 */
public final class SearchJson {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private SearchJson() {}

  /**
   * {@code {"provider", "truncated", "dropped", "content", "sources": [{url, title, snippet,
   * publishedAt}]}}, absent fields omitted ({@code dropped} when the provider dropped nothing).
   */
  public static String result(WebSearchResult result) {
    ObjectNode root = JSON.createObjectNode();
    if (result.provider() != null) {
      root.put("provider", result.provider());
    }
    root.put("truncated", result.truncated());
    if (result.dropped() > 0) {
      root.put("dropped", result.dropped());
    }
    if (result.content() != null) {
      root.put("content", result.content());
    }
    ArrayNode sources = root.putArray("sources");
    for (WebSearchSource source : result.sources()) {
      ObjectNode item = sources.addObject();
      item.put("url", source.url());
      putIfPresent(item, "title", source.title());
      putIfPresent(item, "snippet", source.snippet());
      putIfPresent(item, "publishedAt", source.publishedAt());
    }
    return JSON.writeValueAsString(root);
  }

  /**
   * {@code {"error": {"code", "message", "providerCode"?, "upstreamStatus"?}}}: {@code
   * upstreamStatus} is the HTTP status the provider's service answered, when it reported one.
   */
  public static String error(WebError error) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode body = root.putObject("error");
    body.put("code", error.code());
    body.put("message", error.getMessage());
    error.providerCode().ifPresent(code -> body.put("providerCode", code));
    error.upstreamStatus().ifPresent(status -> body.put("upstreamStatus", status));
    return JSON.writeValueAsString(root);
  }

  private static void putIfPresent(ObjectNode node, String field, @Nullable String value) {
    if (value != null) {
      node.put(field, value);
    }
  }
}
