package dev.dsh.host.json;

import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * The one JSON mapper of the host and of every door built on it. Jackson's defaults, strict on
 * input: a name given twice, or anything after the value, is refused. Immutable and thread-safe.
 */
public final class Json {

  /** The shared mapper. */
  public static final JsonMapper MAPPER = JsonMapper.builder()
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
      .build();

  private Json() {}
}
