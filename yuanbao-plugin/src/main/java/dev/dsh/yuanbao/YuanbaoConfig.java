package dev.dsh.yuanbao;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.CredentialReference;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Range;
import dev.dsh.api.config.Secret;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.credentials.CredentialValues;
import org.jspecify.annotations.Nullable;

/** The config of the {@code web-search-yuanbao} row; {@link #toString()} hides the secrets. */
public record YuanbaoConfig(
    @Secret
        @Format(CredentialValues.FORMAT)
        @Description(
            "Literal key; secret (redacted everywhere); wins over `apiKeyEnv` when non-empty. Sent"
                + " in an HTTP header, so visible ASCII only: the schema rejects a space, tab, line"
                + " break, control or non-ASCII character (the scope fails, the console refuses"
                + " it).")
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
                + " scope fails); a URI that is not an absolute http(s) URL (`ftp://…`, `mailto:…`)"
                + " makes the provider unavailable, as does a query, a fragment or a non-ASCII host.")
        String baseURL,
    @Default("10")
        @AllowedValues({"10", "20", "30", "40", "50"})
        @Description(
            "Results per search when the request has no `maxResults`; the schema accepts only 10,"
                + " 20, 30, 40, 50 (anything else fails the scope, with a violation at `/count`).")
        Integer count,
    @Default("natural")
        @AllowedValues({"natural", "vertical", "mixed"})
        @Description(
            "Result mode, sent as `Mode`: `natural` (public web results; no `Mode` key is sent),"
                + " `vertical` (`Mode` 1: authoritative vertical-source cards) or `mixed` (`Mode`"
                + " 2: both). `Mode` needs the standard or premium SearchPro tier; `site` and"
                + " `freshness` filters apply to the web results only.")
        String mode,
    @AllowedValues({"gov", "news", "acad", "finance"})
        @Description(
            "Vertical-domain search, sent as `Industry` when set: `gov`, `news`, `acad` or"
                + " `finance`; unset by default (no `Industry` key). Needs the premium or flagship"
                + " SearchPro tier.")
        @Nullable String industry,
    @Default("8")
        @Range(min = 1, max = 64)
        @Description(
            "How many searches run at once (1 to 64); later ones wait in arrival order, and an"
                + " aborted waiting search leaves the queue without sending anything. A new value"
                + " applies to searches that start after it. Keep it within the concurrency your"
                + " SearchPro tier allows (the service rejects requests over its QPS limit).")
        Integer maxConcurrentSearches) {

  /** The default of {@link #apiKeyEnv()}. */
  public static final String DEFAULT_API_KEY_ENV = "TENCENTCLOUD_WSA_APIKEY";

  /** The default of {@link #baseURL()}. */
  public static final String DEFAULT_BASE_URL = "https://api.wsa.cloud.tencent.com";

  /** Fills defaults for absent fields; the schema and the provider check the rest. */
  public YuanbaoConfig {
    apiKeyEnv = apiKeyEnv == null ? DEFAULT_API_KEY_ENV : apiKeyEnv;
    baseURL = baseURL == null ? DEFAULT_BASE_URL : baseURL;
    count = count == null ? 10 : count;
    mode = mode == null ? "natural" : mode;
    maxConcurrentSearches = maxConcurrentSearches == null ? 8 : maxConcurrentSearches;
  }

  @Override
  public String toString() {
    return String.format("YuanbaoConfig[apiKey=%s, apiKeyEnv=%s, baseURL=%s, count=%d, mode=%s,"
        + " industry=%s, maxConcurrentSearches=%d]", apiKey == null ? "unset" : "<redacted>",
        apiKeyEnv, UrlUserInfo.redact(baseURL), count, mode, industry, maxConcurrentSearches);
  }
}
