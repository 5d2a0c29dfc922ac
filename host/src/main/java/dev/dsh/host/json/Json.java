package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.WebSearchSource;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON mapper of the host and its doors: a name given twice, or trailing text, refused; a
 * source's absent fields left out.
 */
public final class Json {

  /** The shared mapper. */
  public static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .withConfigOverride(WebSearchSource.class, source -> source.setInclude(
          JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, null)))
      .build();

  private Json() {}
}
