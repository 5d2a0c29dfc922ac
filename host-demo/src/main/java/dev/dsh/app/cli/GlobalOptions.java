package dev.dsh.app.cli;

import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The options every command takes, one instance shared by all. Setters ignore {@code null}:
 * picocli resets options as it starts a subcommand, which would wipe what came before its name.
 */
final class GlobalOptions {

  static final String DEFAULT_PROFILE = "default";

  static final String DEADLINE_VARIABLE = "DSH_PLUGIN_DEADLINE";

  private @Nullable String home;
  private @Nullable String profile;
  private @Nullable Path patch;
  private boolean verbose;

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

  String profile() {
    return profile == null ? DEFAULT_PROFILE : profile;
  }

  Optional<Path> patch() {
    return Optional.ofNullable(patch);
  }

  DshHome home(CliIo io) {
    if (home != null && home.isBlank()) {
      // Given but blank: falling back to $DSH_HOME would act on a home the user did not name.
      throw new UsageException(
          "--home is blank: name a folder, or leave --home out to use $DSH_HOME or ~/.dsh");
    }
    return DshHome.locate(Optional.ofNullable(home), io.env());
  }

  HostOptions hostOptions(CliIo io, Consumer<String> events) {
    HostOptions options =
        new HostOptions(home(io), profile(), patch(), io.env(), events).withVerbose(verbose);
    Optional<String> deadline = io.env().get(DEADLINE_VARIABLE).filter(v -> !v.isBlank());
    if (deadline.isEmpty()) {
      return options;
    }
    try {
      return options.withPluginDeadline(new Bounds.Time().convert(deadline.get()));
    } catch (RuntimeException e) {
      throw new UsageException(DEADLINE_VARIABLE + ": " + e.getMessage());
    }
  }
}
