package dev.dsh.host.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The host's version, read once from a resource Maven filters at build time, so the POM is its
 * only source. PF4J checks each plugin's {@code Plugin-Requires} against it, and the CLI prints it.
 */
public final class HostVersion {

  private static final String RESOURCE = "version.properties";
  private static final String VERSION = load();

  private HostVersion() {}

  /** The host version, e.g. {@code 0.1.0}. */
  public static String current() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = HostVersion.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("host resource " + RESOURCE + " is missing from the build");
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version", "").strip();
      if (version.isEmpty() || version.startsWith("${")) {
        throw new IllegalStateException(
            "host resource " + RESOURCE + " was not filtered by the build: \"" + version + "\"");
      }
      return version;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read host resource " + RESOURCE, e);
    }
  }
}
