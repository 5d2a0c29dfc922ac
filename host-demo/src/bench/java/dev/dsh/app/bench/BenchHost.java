package dev.dsh.app.bench;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** A host booted from a temporary home with the real plugin jar, its row aimed at a stub. */
final class BenchHost implements AutoCloseable {

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";

  final Host host;
  private final Path home;

  private BenchHost(Host host, Path home) {
    this.host = host;
    this.home = home;
  }

  /** The plugin jar the reactor built, copied by the build into target/dist/bundled-plugins. */
  static Path pluginJar() {
    Path jar =
        Path.of(
            System.getProperty(
                "dsh.bench.pluginJar", "target/dist/bundled-plugins/dsh-web-search-yuanbao.jar"));
    if (!Files.isRegularFile(jar)) {
      throw new IllegalStateException("plugin jar missing: " + jar + " (run mvn -Pbench verify)");
    }
    return jar;
  }

  static BenchHost start(String baseUrl) throws IOException {
    return start(baseUrl, "");
  }

  /** A host whose Yuanbao row also carries {@code extraConfig} (YAML flow entries). */
  static BenchHost start(String baseUrl, String extraConfig) throws IOException {
    Path home = home(baseUrl, extraConfig);
    HostOptions options =
        new HostOptions(
            new DshHome(home),
            "default",
            Optional.empty(),
            LaunchEnvironment.of(Map.of()),
            line -> {});
    return new BenchHost(Host.start(options, LifecycleListener.none()), home);
  }

  /** A temporary home with the plugin installed and its row aimed at {@code baseUrl}. */
  static Path home(String baseUrl, String extraConfig) throws IOException {
    Path home = Files.createTempDirectory("dsh-bench-");
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(pluginJar(), home.resolve("plugins").resolve(PLUGIN_ID + ".jar"));
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [" + PLUGIN_ID + "]\n");
    Files.writeString(
        profile.resolve("cordis.patch.yml"),
        "- id: web-search-yuanbao\n  config: {baseURL: \""
            + baseUrl
            + "\", apiKey: \"bench-key\""
            + (extraConfig.isEmpty() ? "" : ", " + extraConfig)
            + "}\n");
    return home;
  }

  /** Deletes {@code home} and everything in it. */
  static void delete(Path home) throws IOException {
    try (Stream<Path> files = Files.walk(home)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  @Override
  public void close() throws IOException {
    host.close();
    delete(home);
  }
}
