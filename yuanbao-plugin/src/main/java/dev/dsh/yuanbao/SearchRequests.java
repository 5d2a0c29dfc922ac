package dev.dsh.yuanbao;

import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.Objects;
import java.util.Properties;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;

/** Builds the one request of a search: {@code POST {baseURL}/SearchPro} and its four headers. */
final class SearchRequests {

  /** SearchPro takes at most this many domains in {@code "Site": "exclude:a|b"}. */
  static final int MAX_EXCLUDES = 5;

  private static final String USER_AGENT = "dsh-web-search-yuanbao/" + version();

  private SearchRequests() {}

  /** Why SearchPro cannot take {@code filters} (its one {@code Site} field), or null. */
  static @Nullable String unsupported(SearchFilters filters) {
    if (filters.site() != null && !filters.excludeSites().isEmpty()) {
      return "Yuanbao cannot combine site with excludeSites: SearchPro has one Site field";
    }
    if (filters.excludeSites().size() > MAX_EXCLUDES) {
      return "Yuanbao takes at most " + MAX_EXCLUDES + " excludeSites, got " + filters.excludeSites().size();
    }
    return null;
  }

  /** The request; IllegalArgumentException when the JDK refuses a header (echoing it). */
  static HttpRequest of(URI endpoint, String key, byte[] body) {
    return HttpRequest.newBuilder(endpoint)
        .version(HttpClient.Version.HTTP_1_1)
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json; charset=utf-8")
        .header("Accept", "application/json")
        .header("User-Agent", USER_AGENT)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /** {@code Query}, {@code Cnt}, then only the keys set; filters that pass {@link #unsupported}. */
  static byte[] body(WebSearchRequest request, Settings settings) {
    String query = request.query();
    SearchFilters filters = request.filters();
    ByteArrayOutputStream out = new ByteArrayOutputStream(query.length() * 3 + 24);
    try (JsonGenerator g = AnswerReader.JSON.createGenerator(ObjectWriteContext.empty(), out)) {
      g.writeStartObject();
      g.writeStringProperty("Query", query);
      g.writeNumberProperty("Cnt", settings.cnt(request.maxResults()));
      if (filters.site() != null) {
        g.writeStringProperty("Site", filters.site());
      } else if (!filters.excludeSites().isEmpty()) {
        g.writeStringProperty("Site", "exclude:" + String.join("|", filters.excludeSites()));
      }
      if (filters.freshness() != null) {
        g.writeStringProperty("Freshness", freshness(filters.freshness()));
      }
      if (settings.mode() != null) {
        g.writeNumberProperty("Mode", settings.mode());
      }
      if (settings.industry() != null) {
        g.writeStringProperty("Industry", settings.industry());
      }
      g.writeEndObject();
    }
    return out.toByteArray();
  }

  /** The plugin's version, written into {@code plugin.properties} by the build. */
  private static String version() {
    try (InputStream in = SearchRequests.class.getResourceAsStream("plugin.properties")) {
      Properties properties = new Properties();
      properties.load(Objects.requireNonNull(in, "plugin.properties is missing from the plugin"));
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code d1}, {@code d7}, {@code m1}, {@code y1}, or {@code FROM,TO} in ISO dates. */
  static String freshness(Freshness f) {
    if (f.period() == null) {
      return f.from() + "," + f.to();
    }
    return switch (f.period()) {
      case DAY -> "d1";
      case WEEK -> "d7";
      case MONTH -> "m1";
      case YEAR -> "y1";
    };
  }
}
