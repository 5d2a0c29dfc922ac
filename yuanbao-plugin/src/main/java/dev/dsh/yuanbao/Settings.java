package dev.dsh.yuanbao;

import dev.dsh.api.credentials.CredentialRef;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * The provider's checked settings, read once at the start of each search: {@code endpoint} is
 * absent, and {@code baseUrlProblem} says why, unless {@code baseURL} can take {@code /SearchPro};
 * {@code mode} is absent for natural (not sent).
 */
record Settings(@Nullable URI endpoint, @Nullable String baseUrlProblem, @Nullable String literalKey,
    CredentialRef keyRef, int count, @Nullable Integer mode, @Nullable String industry,
    int maxConcurrent) {

  private static final List<String> MODES = List.of("natural", "vertical", "mixed");
  private static final String NOT_HTTP_URL = "baseURL is not an absolute http(s) URL";
  private static final Set<String> INDUSTRIES = Set.of("gov", "news", "acad", "finance");

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
    String industry = config.industry();
    check(industry == null || INDUSTRIES.contains(industry), "industry",
        "one of gov, news, acad, finance", industry);
    int max = config.maxConcurrentSearches();
    check(max >= 1 && max <= 64, "maxConcurrentSearches", "1 to 64", max);
    String key = config.apiKey();
    String problem = baseUrlProblem(config.baseURL());
    // A blank key is kept: KeyResolver defers it to keyRef and says it is empty.
    return new Settings(problem == null ? endpointOf(config.baseURL()) : null, problem, key, ref,
        count, mode == 0 ? null : mode, industry, max);
  }

  private static void check(boolean ok, String field, String allowed, @Nullable Object got) {
    if (!ok) {
      throw new IllegalArgumentException(field + ": must be " + allowed + "; got " + got);
    }
  }

  /** {@code Cnt} for a request: the configured count, else the smallest allowed value ≥ max. */
  int cnt(@Nullable Integer maxResults) {
    if (maxResults == null) {
      return count;
    }
    return Math.max(10, (Math.max(1, Math.min(maxResults, 50)) + 9) / 10 * 10);
  }

  /** {@code {baseURL}/SearchPro}, for a baseURL in which {@link #baseUrlProblem} finds none. */
  static URI endpointOf(String baseURL) {
    URI base = URI.create(baseURL.trim());
    String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
    return URI.create(base.getScheme() + "://" + base.getRawAuthority() + path + "/SearchPro");
  }

  /**
   * Why {@code baseURL} cannot take {@code /SearchPro} appended, or null when it can: it must be an
   * absolute http(s) URL with a host the JDK client can parse, and no query or fragment.
   */
  static @Nullable String baseUrlProblem(String baseURL) {
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

  /** True for an absolute, hierarchical http or https URI with an authority. */
  static boolean isHttpUrl(URI uri) {
    if (!uri.isAbsolute() || uri.isOpaque() || uri.getRawAuthority() == null) {
      return false;
    }
    String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
    return scheme.equals("http") || scheme.equals("https");
  }
}
