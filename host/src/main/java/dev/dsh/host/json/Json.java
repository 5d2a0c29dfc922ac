package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebSearchSource;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.cfg.MutableConfigOverride;
import tools.jackson.databind.json.JsonMapper;

/** The one JSON mapper of the host and its doors. */
public final class Json {

  /** The shared mapper. */
  public static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .withConfigOverride(WebSearchSource.class, Json::leaveOutNulls)
      .withConfigOverride(ProviderStatus.class, Json::leaveOutNulls)
      .build();

  private Json() {}

  private static void leaveOutNulls(MutableConfigOverride type) {
    type.setInclude(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, null));
  }
}
