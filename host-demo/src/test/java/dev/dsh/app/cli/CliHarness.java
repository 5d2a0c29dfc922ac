package dev.dsh.app.cli;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.WsaFixtures;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

/** Runs the CLI in-process against a temporary home, with the real plugin jar of the build. */
final class CliHarness {

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";
  static final String ROW_ID = "web-search-yuanbao";

  record Result(int exit, String out, String err) {}

  private CliHarness() {}

  /** The plugin jar the reactor built (copied by the build into target/dist/bundled-plugins). */
  static Path pluginJar() {
    String path = System.getProperty("dsh.test.pluginJar");
    if (path == null || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalStateException(
          "the plugin jar is missing: run the tests through 'mvn verify' from the repository root");
    }
    return Path.of(path);
  }

  static Result run(Path home, Map<String, String> env, String stdin, String... args) {
    return run(home, env, new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)), args);
  }

  static Result run(Path home, Map<String, String> env, InputStream stdin, String... args) {
    String[] withHome = new String[args.length + 2];
    withHome[0] = "--home";
    withHome[1] = home.toString();
    System.arraycopy(args, 0, withHome, 2, args.length);
    return runWithoutHome(env, stdin, withHome);
  }

  /** {@link #run} without the {@code --home} option added: the arguments exactly as given. */
  static Result runWithoutHome(Map<String, String> env, String... args) {
    return runWithoutHome(env, new ByteArrayInputStream(new byte[0]), args);
  }

  static Result runWithoutHome(Map<String, String> env, InputStream stdin, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit =
        DshMain.run(
            new Cli.Io(
                stdin,
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8),
                LaunchEnvironment.of(env),
                Optional.of(pluginJar())),
            args);
    return new Result(
        exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Installs the real plugin and enables it in the default profile, aimed at {@code baseUrl}. */
  static void installPlugin(Path home, String baseUrl, String extraConfig) {
    RealPluginJar.install(home, baseUrl, extraConfig);
  }

  /** Writes the user layer: the Yuanbao row's whole config. */
  static void writeUserLayer(Path home, String baseUrl, String extraConfig) {
    RealPluginJar.writeUserLayer(home, baseUrl, extraConfig);
  }


  static String fixture(String name) {
    return WsaFixtures.text(name);
  }
}
