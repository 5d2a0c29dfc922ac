package dev.dsh.yuanbao;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.CredentialReference;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Secret;
import dev.dsh.api.config.UrlUserInfo;
import org.jspecify.annotations.Nullable;

/**
 * The config of the {@code web-search-yuanbao} row. The generated catalog is the exhaustive truth.
 *
 * <p>Absent fields take their defaults, so a record bound from a partial tree is complete. {@link
 * #toString()} never shows {@link #apiKey()}, nor a password in {@link #baseURL()}.
 *
 * @param apiKey literal API key; wins over {@code apiKeyEnv} when non-empty
 * @param apiKeyEnv credential reference resolved on every search
 * @param baseURL endpoint base; {@code /SearchPro} is appended
 * @param count results per search when the request has no {@code maxResults}
 */
public record YuanbaoConfig(
    @Secret
        @Description(
            "Literal key; secret (redacted everywhere); wins over `apiKeyEnv` when non-empty.")
        @Nullable String apiKey,
    @CredentialReference
        @Default(YuanbaoConfig.DEFAULT_API_KEY_ENV)
        @Description(
            "Credential reference resolved on every search: the credentials service when one is"
                + " mounted, else the launch environment variable of that name.")
        String apiKeyEnv,
    @Format("uri")
        @Default(YuanbaoConfig.DEFAULT_BASE_URL)
        @Description(
            "Endpoint base; `/SearchPro` is appended; the schema rejects what is not a URI (the"
                + " scope fails); a URI that is not an absolute http(s) URL (`ftp://…`,"
                + " `mailto:…`) makes the provider unavailable.")
        String baseURL,
    @Default("10")
        @AllowedValues({"10", "20", "30", "40", "50"})
        @Description(
            "Results per search when the request has no `maxResults`; the schema accepts only 10,"
                + " 20, 30, 40, 50 (anything else fails the scope, with a violation at `/count`).")
        Integer count) {

  /** The default of {@link #apiKeyEnv()}. */
  public static final String DEFAULT_API_KEY_ENV = "TENCENTCLOUD_WSA_APIKEY";

  /** The default of {@link #baseURL()}. */
  public static final String DEFAULT_BASE_URL = "https://api.wsa.cloud.tencent.com";

  /** The default of {@link #count()}. */
  public static final int DEFAULT_COUNT = 10;

  /** Fills defaults for absent fields; checks nothing else (the schema and the provider do). */
  public YuanbaoConfig {
    if (apiKeyEnv == null) {
      apiKeyEnv = DEFAULT_API_KEY_ENV;
    }
    if (baseURL == null) {
      baseURL = DEFAULT_BASE_URL;
    }
    if (count == null) {
      count = DEFAULT_COUNT;
    }
  }

  /** The config with every field at its default. */
  public static YuanbaoConfig defaults() {
    return new YuanbaoConfig(null, null, null, null);
  }

  /** This config with {@code baseURL} replaced. */
  public YuanbaoConfig withBaseURL(String newBaseURL) {
    return new YuanbaoConfig(apiKey, apiKeyEnv, newBaseURL, count);
  }

  /** This config with {@code apiKey} replaced. */
  public YuanbaoConfig withApiKey(@Nullable String newApiKey) {
    return new YuanbaoConfig(newApiKey, apiKeyEnv, baseURL, count);
  }

  /** This config with {@code apiKeyEnv} replaced. */
  public YuanbaoConfig withApiKeyEnv(String newApiKeyEnv) {
    return new YuanbaoConfig(apiKey, newApiKeyEnv, baseURL, count);
  }

  /** This config with {@code count} replaced. */
  public YuanbaoConfig withCount(int newCount) {
    return new YuanbaoConfig(apiKey, apiKeyEnv, baseURL, newCount);
  }

  @Override
  public String toString() {
    return "YuanbaoConfig[apiKey="
        + (apiKey == null ? "unset" : "<redacted>")
        + ", apiKeyEnv="
        + apiKeyEnv
        + ", baseURL="
        + UrlUserInfo.redact(baseURL)
        + ", count="
        + count
        + "]";
  }
}
