package dev.dsh.examples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A home as docs/embedding.md lays it out: the real plugin jar, aimed at a loopback stub. */
final class ExampleHome {

  private ExampleHome() {}

  static void write(Path home, String baseUrl) throws IOException {
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(
        Path.of(System.getProperty("dsh.test.pluginJar")),
        home.resolve("plugins/dsh-web-search-yuanbao.jar"));
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-web-search-yuanbao]\n");
    Files.writeString(
        profile.resolve("cordis.patch.yml"),
        "- id: web-search-yuanbao\n  config: {baseURL: \""
            + baseUrl
            + "\", apiKey: \"sk-example\"}\n");
  }
}
