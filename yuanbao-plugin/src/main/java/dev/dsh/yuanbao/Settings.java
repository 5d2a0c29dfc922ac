package dev.dsh.yuanbao;

import dev.dsh.api.credentials.CredentialRef;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * One immutable snapshot of the provider's settings, read once at the start of each search.
 *
 * @param endpoint {@code {baseURL}/SearchPro}; absent when {@code baseURL} is not an absolute
 *     http(s) URL (the provider is then unavailable)
 * @param literalKey the literal key; absent when unset or empty
 * @param keyRef the credential reference of {@code apiKeyEnv}
 * @param count the configured {@code Cnt}
 * @param mode the {@code Mode} to send; absent for natural (no key is sent)
 * @param industry the {@code Industry} to send, or absent
 * @param maxConcurrent how many searches started under this snapshot may run at once
 */
record Settings(
    @Nullable URI endpoint,
    @Nullable String literalKey,
    CredentialRef keyRef,
    int count,
    @Nullable Integer mode,
    @Nullable String industry,
    int maxConcurrent) {

  static final Set<Integer> ALLOWED_COUNTS = Set.of(10, 20, 30, 40, 50);
  private static final List<String> MODES = List.of("natural", "vertical", "mixed");
  private static final Set<String> INDUSTRIES = Set.of("gov", "news", "acad", "finance");

  /**
   * The snapshot of {@code config}.
   *
   * @throws IllegalArgumentException naming the field, when {@code apiKeyEnv} is not a valid
   *     credential reference, {@code count} is not one of 10, 20, 30, 40, 50, or {@code mode},
   *     {@code industry} or {@code maxConcurrentSearches} is not an allowed value
   */
  static Settings of(YuanbaoConfig config) {
    CredentialRef ref;
    try {
      ref = CredentialRef.of(config.apiKeyEnv());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("apiKeyEnv: " + e.getMessage(), e);
    }
    int count = config.count();
    if (!ALLOWED_COUNTS.contains(count)) {
      throw new IllegalArgumentException(
          "count: must be one of 10, 20, 30, 40, 50; got " + count);
    }
    int mode = MODES.indexOf(config.mode());
    if (mode < 0) {
      throw new IllegalArgumentException(
          "mode: must be one of natural, vertical, mixed; got " + config.mode());
    }
    String industry = config.industry();
    if (industry != null && !INDUSTRIES.contains(industry)) {
      throw new IllegalArgumentException(
          "industry: must be one of gov, news, acad, finance; got " + industry);
    }
    int max = config.maxConcurrentSearches();
    if (max < 1 || max > 64) {
      throw new IllegalArgumentException("maxConcurrentSearches: must be 1 to 64; got " + max);
    }
    String key = config.apiKey();
    return new Settings(
        endpointOf(config.baseURL()),
        key == null || key.isEmpty() ? null : key,
        ref,
        count,
        mode == 0 ? null : mode,
        industry,
        max);
  }

  /** {@code Cnt} for a request: the configured count, else the smallest allowed value ≥ max. */
  int cnt(@Nullable Integer maxResults) {
    if (maxResults == null) {
      return count;
    }
    int rounded = (Math.max(1, Math.min(maxResults, 50)) + 9) / 10 * 10;
    return Math.max(10, rounded);
  }

  /** {@code {baseURL}/SearchPro}, or null when {@code baseURL} is not an absolute http(s) URL. */
  static @Nullable URI endpointOf(String baseURL) {
    URI base;
    try {
      base = new URI(baseURL.trim());
    } catch (URISyntaxException e) {
      return null;
    }
    // The JDK client needs a server-based authority (a host it can parse); a query or fragment
    // has no place before the appended /SearchPro.
    if (!isHttpUrl(base)
        || base.getHost() == null
        || base.getPort() > 65535
        || base.getRawQuery() != null
        || base.getRawFragment() != null) {
      return null;
    }
    String path = base.getRawPath() == null ? "" : base.getRawPath();
    while (path.endsWith("/")) {
      path = path.substring(0, path.length() - 1);
    }
    try {
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
