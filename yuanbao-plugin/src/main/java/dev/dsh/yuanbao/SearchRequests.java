package dev.dsh.yuanbao;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.json.JsonWriteFeature;

/** Builds the one request of a search: {@code POST {baseURL}/SearchPro} and its four headers. */
final class SearchRequests {

  /** Lower-case hex in escapes ({@code \ud800}), as the request-shape tests expect. */
  private static final JsonFactory JSON =
      JsonFactory.builder().disable(JsonWriteFeature.WRITE_HEX_UPPER_CASE).build();

  private static final String USER_AGENT = "dsh-web-search-yuanbao/" + PluginVersion.VALUE;

  private SearchRequests() {}

  /**
   * The request.
   *
   * @throws IllegalArgumentException when the JDK refuses a header value (its message echoes it)
   */
  static HttpRequest of(URI endpoint, String key, String query, int cnt) {
    return HttpRequest.newBuilder(endpoint)
        .version(HttpClient.Version.HTTP_1_1)
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json; charset=utf-8")
        .header("Accept", "application/json")
        .header("User-Agent", USER_AGENT)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body(query, cnt)))
        .build();
  }

  /** Exactly {@code {"Query":<query>,"Cnt":<n>}}, control characters and lone surrogates escaped. */
  static byte[] body(String query, int cnt) {
    ByteArrayOutputStream out = new ByteArrayOutputStream(query.length() * 3 + 24);
    try (JsonGenerator g = JSON.createGenerator(ObjectWriteContext.empty(), out)) {
      g.writeStartObject();
      g.writeStringProperty("Query", query);
      g.writeNumberProperty("Cnt", cnt);
      g.writeEndObject();
    }
    return out.toByteArray();
  }
}
