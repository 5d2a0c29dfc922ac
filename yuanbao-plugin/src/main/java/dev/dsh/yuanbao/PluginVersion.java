package dev.dsh.yuanbao;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The plugin's version, written into {@code plugin.properties} by the build. */
final class PluginVersion {

  static final String VALUE = load();

  private PluginVersion() {}

  private static String load() {
    try (InputStream in = PluginVersion.class.getResourceAsStream("plugin.properties")) {
      if (in == null) {
        throw new IllegalStateException("plugin.properties is missing from the plugin");
      }
      Properties properties = new Properties();
      properties.load(in);
      return properties.getProperty("version", "unknown");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
