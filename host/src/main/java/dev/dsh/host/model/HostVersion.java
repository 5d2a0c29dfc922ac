package dev.dsh.host.model;

import java.util.ResourceBundle;

/** The host's version, from a resource Maven filters at build time: the POM is its one source. */
public final class HostVersion {

  private static final String VERSION =
      ResourceBundle.getBundle("dev.dsh.host.model.version").getString("version");

  private HostVersion() {}

  /** The host version, e.g. {@code 0.1.0}: what plugins' {@code Plugin-Requires} is checked by. */
  public static String current() {
    return VERSION;
  }
}
