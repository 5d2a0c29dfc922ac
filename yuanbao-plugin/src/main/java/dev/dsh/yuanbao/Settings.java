package dev.dsh.yuanbao;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.web.Freshness;
import dev.dsh.api.web.SearchFilters;
import dev.dsh.api.web.WebSearchRequest;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.util.List;
import java.util.Objects;
import java.util.ResourceBundle;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.ObjectWriteContext;

/**
 * The provider's checked settings, read once per search, and the {@code POST {baseURL}/SearchPro}
 * they make; {@code baseUrlProblem} says why there is no {@code endpoint}; mode null is natural.
 */
record Settings(YuanbaoConfig config, @Nullable URI endpoint, @Nullable String baseUrlProblem,
    CredentialRef keyRef, @Nullable Integer mode) {

  /** SearchPro takes at most this many domains in {@code "Site": "exclude:a|b"}. */
  static final int MAX_EXCLUDES = 5;

  private static final List<String> MODES = List.of("natural", "vertical", "mixed");
  private static final String NOT_HTTP_URL = "baseURL is not an absolute http(s) URL";
  private static final Set<String> INDUSTRIES = Set.of("gov", "news", "acad", "finance");
  private static final String USER_AGENT = "dsh-web-search-yuanbao/"
      + ResourceBundle.getBundle("dev.dsh.yuanbao.plugin").getString("version");

  // Without a URL's password, which a record's own would print (the config hides its own).
  @Override
  public String toString() {
    return "[endpoint=" + (endpoint == null ? null : UrlUserInfo.redact(endpoint.toString()))
        + ", " + config + "]";
  }

  /** The snapshot of {@code config}; IllegalArgumentException names a field not allowed. */
  static Settings of(YuanbaoConfig config) {
    CredentialRef ref;
    try {
      ref = CredentialRef.of(config.apiKeyEnv());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("apiKeyEnv: " + e.getMessage(), e);
    }
    int count = config.count();
    check(Set.of(10, 20, 30, 40, 50).contains(count), "count", "one of 10, 20, 30, 40, 50", count);
    int mode = MODES.indexOf(config.mode());
    check(mode >= 0, "mode", "one of natural, vertical, mixed", config.mode());
    check(config.industry() == null || INDUSTRIES.contains(config.industry()), "industry",
        "one of gov, news, acad, finance", config.industry());
    int max = config.maxConcurrentSearches();
    check(max >= 1 && max <= 64, "maxConcurrentSearches", "1 to 64", max);
    String problem = baseUrlProblem(config.baseURL());
    // A blank key is kept: KeyResolver defers it to keyRef and says it is empty.
    return new Settings(config, problem == null ? endpointOf(config.baseURL()) : null, problem,
        ref, mode == 0 ? null : mode);
  }

  private static void check(boolean ok, String field, String allowed, @Nullable Object got) {
    if (!ok) {
      throw new IllegalArgumentException(field + ": must be " + allowed + "; got " + got);
    }
  }

  private static URI endpointOf(String baseURL) {
    URI base = URI.create(baseURL.trim());
    String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
    return URI.create(base.getScheme() + "://" + base.getRawAuthority() + path + "/SearchPro");
  }

  /** Why {@code baseURL} cannot take {@code /SearchPro} appended (the JDK must parse its host). */
  private static @Nullable String baseUrlProblem(String baseURL) {
    URI base;
    try {
      base = new URI(baseURL.trim());
    } catch (URISyntaxException e) {
      return NOT_HTTP_URL;
    }
    if (!isHttpUrl(base)) {
      return NOT_HTTP_URL;
    }
    if (base.getRawQuery() != null || base.getRawFragment() != null) {
      return "baseURL has a " + (base.getRawQuery() != null ? "query (?…)" : "fragment (#…)")
          + ": remove it, since /SearchPro is appended to its path";
    }
    String host = base.getRawAuthority().substring(base.getRawAuthority().lastIndexOf('@') + 1);
    if (!host.chars().allMatch(c -> c < 0x80)) {
      return "baseURL's host is not ASCII: write it in its ASCII form (Punycode, xn--…)";
    }
    return base.getHost() == null || base.getPort() > 65535 ? NOT_HTTP_URL : null;
  }

  static boolean isHttpUrl(URI uri) {
    return uri.isAbsolute() && !uri.isOpaque() && uri.getRawAuthority() != null
        && (uri.getScheme().equalsIgnoreCase("http") || uri.getScheme().equalsIgnoreCase("https"));
  }

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

  /** The request to {@link #endpoint}; IllegalArgumentException when the JDK refuses a header. */
  HttpRequest request(String key, byte[] body) {
    return HttpRequest.newBuilder(Objects.requireNonNull(endpoint))
        .version(HttpClient.Version.HTTP_1_1)
        .header("Authorization", "Bearer " + key)
        .header("Content-Type", "application/json; charset=utf-8")
        .header("Accept", "application/json")
        .header("User-Agent", USER_AGENT)
        .POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /** {@code Cnt} is the count, or the least allowed one ≥ {@code maxResults}; unset keys go. */
  byte[] body(WebSearchRequest request) {
    String query = request.query();
    SearchFilters filters = request.filters();
    Integer max = request.maxResults();
    ByteArrayOutputStream out = new ByteArrayOutputStream(query.length() * 3 + 24);
    try (JsonGenerator g = AnswerReader.JSON.createGenerator(ObjectWriteContext.empty(), out)) {
      g.writeStartObject();
      g.writeStringProperty("Query", query);
      g.writeNumberProperty("Cnt",
          max == null ? config.count() : Math.max(10, (Math.max(1, Math.min(max, 50)) + 9) / 10 * 10));
      if (filters.site() != null) {
        g.writeStringProperty("Site", filters.site());
      } else if (!filters.excludeSites().isEmpty()) {
        g.writeStringProperty("Site", "exclude:" + String.join("|", filters.excludeSites()));
      }
      if (filters.freshness() != null) {
        g.writeStringProperty("Freshness", freshness(filters.freshness()));
      }
      if (mode != null) {
        g.writeNumberProperty("Mode", mode);
      }
      if (config.industry() != null) {
        g.writeStringProperty("Industry", config.industry());
      }
      g.writeEndObject();
    }
    return out.toByteArray();
  }

  private static String freshness(Freshness f) {
    return f.period() == null ? f.from() + "," + f.to() : switch (f.period()) {
      case DAY -> "d1";
      case WEEK -> "d7";
      case MONTH -> "m1";
      case YEAR -> "y1";
    };
  }
}
