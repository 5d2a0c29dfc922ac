package dev.dsh.spring.ai;

import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Path;

/** A dsh home whose default profile runs the real plugin jar against a loopback stub. */
final class StubbedHome {

  private StubbedHome() {}

  /** Writes {@code home} with the plugin aimed at {@code baseUrl}, keyed with {@code apiKey}. */
  static Path write(Path home, String baseUrl, String apiKey) {
    RealPluginJar.install(home, baseUrl, "apiKey: \"" + apiKey + "\"");
    return home;
  }
}
