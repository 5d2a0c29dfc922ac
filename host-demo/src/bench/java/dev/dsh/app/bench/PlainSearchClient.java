package dev.dsh.app.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/**
 * The peer the provider is measured against: the same POST sent
 * with a blocking {@code HttpClient.send} on the caller's thread (HTTP/1.1, no redirects, its own
 * default client), the body read with Jackson's tree model, each {@code Pages} string read again
 * with {@code readTree}, {@code url}, {@code title} and {@code passage} trimmed (entries without
 * url or passage dropped), {@code date} normalised to ISO-8601 with {@code java.time}. It does
 * less than the provider: no jsoup, no URL check, no vertical results, no key scrub, no selection.
 */
final class PlainSearchClient {

  /** One source as the peer maps it. */
  record Source(String url, String title, String snippet, String publishedAt) {}

  private static final DateTimeFormatter SERVICE_TIME =
      DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss");
  private static final ZoneOffset SERVICE_OFFSET = ZoneOffset.ofHours(8);

  private final ObjectMapper json = JsonMapper.builder().build();
  private final HttpClient client = HttpClient.newBuilder()
      .version(HttpClient.Version.HTTP_1_1)
      .followRedirects(HttpClient.Redirect.NEVER)
      .build();
  private final URI endpoint;
  private final String key;

  PlainSearchClient(String baseUrl, String key) {
    this.endpoint = URI.create(baseUrl + "/SearchPro");
    this.key = key;
  }

  List<Source> search(String query, int count) throws IOException, InterruptedException {
    String body = json.writeValueAsString(
        json.createObjectNode().put("Query", query).put("Cnt", count));
    HttpRequest request = HttpRequest.newBuilder(endpoint)
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json; charset=utf-8")
        .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
        .build();
    HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
    if (response.statusCode() != 200) {
      throw new IOException("SearchPro answered " + response.statusCode());
    }
    List<Source> sources = new ArrayList<>();
    for (JsonNode page : json.readTree(response.body()).path("Response").path("Pages")) {
      JsonNode fields = json.readTree(page.asString());
      String url = fields.path("url").asString("").trim();
      String passage = fields.path("passage").asString("").trim();
      if (!url.isEmpty() && !passage.isEmpty()) {
        sources.add(new Source(url, fields.path("title").asString("").trim(), passage,
            isoDate(fields.path("date").asString(""))));
      }
    }
    return sources;
  }

  private static String isoDate(String date) {
    if (date.isBlank()) {
      return null;
    }
    return LocalDateTime.parse(date.trim(), SERVICE_TIME).atOffset(SERVICE_OFFSET).toString();
  }
}
