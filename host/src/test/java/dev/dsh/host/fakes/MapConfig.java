package dev.dsh.host.fakes;

import dev.dsh.api.Config;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** A config over a map, bound with plain Jackson (no schema: tests pass complete configs). */
public record MapConfig(Map<String, Object> raw) implements Config {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  public MapConfig {
    raw = Map.copyOf(raw);
  }

  public static MapConfig of(Map<String, Object> raw) {
    return new MapConfig(raw);
  }

  public static MapConfig empty() {
    return new MapConfig(Map.of());
  }

  @Override
  public <T> T bind(Class<T> type) {
    return MAPPER.convertValue(raw, type);
  }

  @Override
  public String toString() {
    return "MapConfig" + raw.keySet();
  }
}
