package dev.dsh.app.cli;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.app.demo.ReplayServer;
import dev.dsh.host.HostOptions;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.model.DshHome;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * What the commands of one invocation share: streams, the demo's endpoint, and the options every
 * command takes. Setters ignore {@code null}: picocli resets options as it starts a subcommand,
 * which would wipe what came before its name.
 */
final class Cli implements AutoCloseable {

  /** What one invocation talks to (tests bring their own); {@code out} holds only the result. */
  record Io(InputStream in, PrintStream out, PrintStream err, LaunchEnvironment env,
      Optional<Path> bundledPlugin) {}

  static final String DEFAULT_PROFILE = "default";
  static final String DEADLINE_VARIABLE = "DSH_PLUGIN_DEADLINE";

  final Io io;
  private @Nullable ReplayServer demo;
  private @Nullable String home;
  private @Nullable String profile;
  private @Nullable Path patch;
  private boolean verbose;

  Cli(Io io) {
    this.io = io;
  }

  @Option(names = "--home", paramLabel = "DIR",
      description = "The dsh home folder (default: $DSH_HOME, else $HOME/.dsh).")
  void setHome(@Nullable String value) {
    home = value == null ? home : value;
  }

  @Option(names = "--profile", paramLabel = "NAME",
      description = "The profile to use (default: " + DEFAULT_PROFILE + ").")
  void setProfile(@Nullable String value) {
    profile = value == null ? profile : value;
  }

  @Option(names = "--patch", paramLabel = "FILE",
      description = "One more patch layer, applied after the profile's own.")
  void setPatch(@Nullable Path value) {
    patch = value == null ? patch : value;
  }

  @Option(names = "--verbose",
      description = "Print the stack trace of a failed row's error after its one-line report.")
  void setVerbose(boolean value) {
    verbose |= value;
  }

  /** One line on stderr, escaped; tabs and line ends kept for a {@code --verbose} trace. */
  void errLine(String line) {
    io.err().println(ControlEscapes.escape("dsh: " + line, "\n\t"));
  }

  /** One answer on stdout, escaped: whatever made it, an echo of input can carry any character. */
  void answer(String text) {
    io.out().print(ControlEscapes.escape(text, "\n") + "\n");
    io.out().flush();
  }

  /** Host options whose lifecycle and problem lines go to stderr, URL user-info hidden. */
  HostOptions hostOptions() {
    return hostOptions(line -> errLine(UrlUserInfo.redact(line)));
  }

  HostOptions hostOptions(Consumer<String> events) {
    if (home != null && home.isBlank()) {
      // Given but blank: falling back to $DSH_HOME would act on a home the user did not name.
      throw new UsageException(
          "--home is blank: name a folder, or leave --home out to use $DSH_HOME or ~/.dsh");
    }
    HostOptions options = new HostOptions(DshHome.locate(Optional.ofNullable(home), io.env()),
        profile == null ? DEFAULT_PROFILE : profile, Optional.ofNullable(patch), io.env(), events)
        .withVerbose(verbose);
    Optional<String> deadline = io.env().get(DEADLINE_VARIABLE).filter(v -> !v.isBlank());
    if (deadline.isEmpty()) {
      return options;
    }
    try {
      return options.withPluginDeadline(new SearchOptions.Time().convert(deadline.get()));
    } catch (RuntimeException e) {
      throw new UsageException(DEADLINE_VARIABLE + ": " + e.getMessage());
    }
  }

  HostOptions bootOptions() {
    return booting(hostOptions());
  }

  /** {@code options} ready to boot: for the demo profile, the home prepared and the layer added. */
  HostOptions booting(HostOptions options) {
    if (!options.profile().equals(ReplayServer.DEMO_PROFILE)) {
      return options;
    }
    if (demo == null) {
      demo = ReplayServer.forDemo(options, io.bundledPlugin());
    }
    return demo.applyTo(options);
  }

  @Override
  public void close() {
    if (demo != null) {
      demo.close();
    }
  }
}
