package dev.dsh.langchain4j;

import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A host embedded as docs/embedding.md shows: the real plugin jar, aimed at a loopback stub. */
final class StubbedHost implements AutoCloseable {

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";
  static final String ROW_ID = "web-search-yuanbao";

  private final Host host;

  private StubbedHost(Host host) {
    this.host = host;
  }

  /** Writes a home whose default profile uses the real plugin against {@code baseUrl}, and boots it. */
  static StubbedHost start(Path home, String baseUrl) throws IOException {
    writeHome(home, baseUrl);
    return new StubbedHost(Host.start(HostOptions.of(home, "default")));
  }

  static void writeHome(Path home, String baseUrl) throws IOException {
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(pluginJar(), home.resolve("plugins").resolve(PLUGIN_ID + ".jar"));
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [" + PLUGIN_ID + "]\n");
    Files.writeString(
        profile.resolve("cordis.patch.yml"),
        "- id: " + ROW_ID + "\n  config: {baseURL: \"" + baseUrl + "\", apiKey: \"sk-test\"}\n");
  }

  Host host() {
    return host;
  }

  WebService web() {
    return host.web().orElseThrow();
  }

  private static Path pluginJar() {
    String path = System.getProperty("dsh.test.pluginJar");
    if (path == null || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalStateException(
          "the plugin jar is missing: run the tests through 'mvn verify' from the repository root");
    }
    return Path.of(path);
  }

  @Override
  public void close() {
    host.close();
  }
}
