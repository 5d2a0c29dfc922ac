package dev.dsh.host.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** The host's version, from a resource Maven filters at build time: the POM is its one source. */
public final class HostVersion {

  private static final String VERSION = load("version.properties");

  private HostVersion() {}

  /** The host version, e.g. {@code 0.1.0}: what plugins' {@code Plugin-Requires} is checked by. */
  public static String current() {
    return VERSION;
  }

  private static String load(String resource) {
    try (InputStream in = HostVersion.class.getResourceAsStream(resource)) {
      Properties properties = new Properties();
      if (in != null) {
        properties.load(in);
      }
      String version = properties.getProperty("version", "").strip();
      if (version.isEmpty() || version.startsWith("${")) {
        throw new IllegalStateException("host resource " + resource + " is missing or unfiltered");
      }
      return version;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read host resource " + resource, e);
    }
  }
}
