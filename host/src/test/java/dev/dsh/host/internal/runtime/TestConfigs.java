package dev.dsh.host.internal.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;

/**
 * A stand-in for the schema validator: a config of {@link Settings} has an integer {@code count}
 * (default 1) and a string {@code label}; anything else is an unknown key.
 */
final class TestConfigs {

  /** The config type the test plugins declare. */
  record Settings(int count, String label) {}

  private TestConfigs() {}

  /** Counts the validations it ran. */
  static final class Validator extends SchemaConfigValidator {
    final AtomicInteger validations = new AtomicInteger();

    @Override
    public Config validate(String subject, @Nullable Class<?> configType, Map<String, ?> raw) {
      validations.incrementAndGet();
      if (configType == null) {
        return new MapConfig(raw);
      }
      List<ConfigViolation> violations = new ArrayList<>();
      for (Map.Entry<String, ?> entry : new TreeMap<String, Object>(raw).entrySet()) {
        String key = entry.getKey();
        if (!Set.of("count", "label").contains(key)) {
          violations.add(new ConfigViolation("/" + key, "unknown property"));
        } else if (key.equals("count") && !(entry.getValue() instanceof Integer)) {
          violations.add(new ConfigViolation("/count", "expected an integer"));
        } else if (key.equals("label") && !(entry.getValue() instanceof String)) {
          violations.add(new ConfigViolation("/label", "expected a string"));
        }
      }
      if (!violations.isEmpty()) {
        throw new ConfigException(subject, violations);
      }
      Map<String, Object> filled = new LinkedHashMap<>();
      filled.put("count", 1);
      filled.putAll(raw);
      return new MapConfig(filled);
    }
  }

  /** A validated config; binds to {@link Settings} only. Prints key names, never values. */
  static final class MapConfig implements Config {
    private final Map<String, Object> raw;

    MapConfig(Map<String, ?> raw) {
      this.raw = Collections.unmodifiableMap(new LinkedHashMap<>(raw));
    }

    @Override
    public <T> T bind(Class<T> type) {
      if (type != Settings.class) {
        throw new UnsupportedOperationException("test config binds Settings only");
      }
      Object label = raw.getOrDefault("label", "");
      return type.cast(new Settings((Integer) raw.get("count"), (String) label));
    }

    @Override
    public Map<String, Object> raw() {
      return raw;
    }

    int count() {
      return bind(Settings.class).count();
    }

    @Override
    public String toString() {
      return "MapConfig" + raw.keySet();
    }
  }

  static int count(Config config) {
    return config.bind(Settings.class).count();
  }
}
