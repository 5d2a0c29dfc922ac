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
 * absent unless {@code baseURL} is an absolute http(s) URL, {@code mode} for natural (not sent).
 */
record Settings(
    @Nullable URI endpoint,
    @Nullable String literalKey,
    CredentialRef keyRef,
    int count,
    @Nullable Integer mode,
    @Nullable String industry,
    int maxConcurrent) {

  private static final List<String> MODES = List.of("natural", "vertical", "mixed");
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
    check(
        industry == null || INDUSTRIES.contains(industry),
        "industry",
        "one of gov, news, acad, finance",
        industry);
    int max = config.maxConcurrentSearches();
    check(max >= 1 && max <= 64, "maxConcurrentSearches", "1 to 64", max);
    String key = config.apiKey();
    return new Settings(
        endpointOf(config.baseURL()),
        key, // kept when blank: KeyResolver defers it to keyRef and says it is empty
        ref,
        count,
        mode == 0 ? null : mode,
        industry,
        max);
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

  /** {@code {baseURL}/SearchPro}, or null when {@code baseURL} is not an absolute http(s) URL. */
  static @Nullable URI endpointOf(String baseURL) {
    try {
      URI base = new URI(baseURL.trim());
      // The JDK client needs a server-based authority (a host it can parse); a query or fragment
      // has no place before the appended /SearchPro.
      if (!isHttpUrl(base)
          || base.getHost() == null
          || base.getPort() > 65535
          || base.getRawQuery() != null
          || base.getRawFragment() != null) {
        return null;
      }
      String path = base.getRawPath() == null ? "" : base.getRawPath().replaceAll("/+$", "");
      return new URI(base.getScheme() + "://" + base.getRawAuthority() + path + "/SearchPro");
    } catch (URISyntaxException e) {
      return null;
    }
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
