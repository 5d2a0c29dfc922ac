package dev.dsh.yuanbao;

import dev.dsh.api.credentials.CredentialRef;
import java.net.URI;
import java.net.URISyntaxException;
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
 */
record Settings(@Nullable URI endpoint, @Nullable String literalKey, CredentialRef keyRef, int count) {

  static final Set<Integer> ALLOWED_COUNTS = Set.of(10, 20, 30, 40, 50);

  /**
   * The snapshot of {@code config}.
   *
   * @throws IllegalArgumentException naming the field, when {@code apiKeyEnv} is not a valid
   *     credential reference or {@code count} is not one of 10, 20, 30, 40, 50
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
    String key = config.apiKey();
    return new Settings(
        endpointOf(config.baseURL()), key == null || key.isEmpty() ? null : key, ref, count);
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
