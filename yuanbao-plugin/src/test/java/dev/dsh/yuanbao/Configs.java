package dev.dsh.yuanbao;

import org.jspecify.annotations.Nullable;

/** Copies of a {@link YuanbaoConfig} with one field replaced, for tests. */
final class Configs {

  private Configs() {}

  /** The config with every field at its default. */
  static YuanbaoConfig defaults() {
    return new YuanbaoConfig(null, null, null, null, null, null, null);
  }

  static YuanbaoConfig withBaseURL(YuanbaoConfig c, String baseURL) {
    return new YuanbaoConfig(
        c.apiKey(), c.apiKeyEnv(), baseURL, c.count(), c.mode(), c.industry(),
        c.maxConcurrentSearches());
  }

  static YuanbaoConfig withApiKey(YuanbaoConfig c, @Nullable String apiKey) {
    return new YuanbaoConfig(
        apiKey, c.apiKeyEnv(), c.baseURL(), c.count(), c.mode(), c.industry(),
        c.maxConcurrentSearches());
  }

  static YuanbaoConfig withApiKeyEnv(YuanbaoConfig c, String apiKeyEnv) {
    return new YuanbaoConfig(
        c.apiKey(), apiKeyEnv, c.baseURL(), c.count(), c.mode(), c.industry(),
        c.maxConcurrentSearches());
  }

  static YuanbaoConfig withCount(YuanbaoConfig c, int count) {
    return new YuanbaoConfig(
        c.apiKey(), c.apiKeyEnv(), c.baseURL(), count, c.mode(), c.industry(),
        c.maxConcurrentSearches());
  }

  static YuanbaoConfig withMode(YuanbaoConfig c, String mode, @Nullable String industry) {
    return new YuanbaoConfig(
        c.apiKey(), c.apiKeyEnv(), c.baseURL(), c.count(), mode, industry,
        c.maxConcurrentSearches());
  }

  static YuanbaoConfig withMaxConcurrentSearches(YuanbaoConfig c, int max) {
    return new YuanbaoConfig(
        c.apiKey(), c.apiKeyEnv(), c.baseURL(), c.count(), c.mode(), c.industry(), max);
  }
}
