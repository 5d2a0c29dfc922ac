package dev.dsh.host.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;

/** The host's version, from a resource Maven filters at build time: the POM is its one source. */
public final class HostVersion {

  private static final String VERSION = load();

  private HostVersion() {}

  /** The host version, e.g. {@code 0.1.0}: what plugins' {@code Plugin-Requires} is checked by. */
  public static String current() {
    return VERSION;
  }

  private static String load() {
    try (InputStream in = HostVersion.class.getResourceAsStream("version.properties")) {
      Properties properties = new Properties();
      properties.load(Objects.requireNonNull(in, "host resource version.properties is missing"));
      return properties.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
