package dev.dsh.host.cli;

import dev.dsh.host.app.HostOptions;
import dev.dsh.host.home.DshHome;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Option;

/**
 * The options every command takes. One instance is shared by all commands of an invocation (its
 * options are added to each), so {@code dsh --home X search q} and {@code dsh search --home X q}
 * mean the same.
 *
 * <p>The options are setters that ignore {@code null}: picocli resets a command's options to their
 * initial value when it starts parsing that command, which would otherwise wipe what was given
 * before the subcommand's name.
 */
final class GlobalOptions {

  static final String DEFAULT_PROFILE = "default";

  private @Nullable String home;
  private @Nullable String profile;
  private @Nullable Path patch;

  @Option(
      names = "--home",
      paramLabel = "DIR",
      description = "The dsh home folder (default: $DSH_HOME, else ~/.dsh).")
  void setHome(@Nullable String value) {
    if (value != null) {
      home = value;
    }
  }

  @Option(
      names = "--profile",
      paramLabel = "NAME",
      description = "The profile to use (default: " + DEFAULT_PROFILE + ").")
  void setProfile(@Nullable String value) {
    if (value != null) {
      profile = value;
    }
  }

  @Option(
      names = "--patch",
      paramLabel = "FILE",
      description = "One more patch layer, applied after the profile's own.")
  void setPatch(@Nullable Path value) {
    if (value != null) {
      patch = value;
    }
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
    return new HostOptions(home(io), profile(), patch(), io.env(), io.bundledPlugin(), events);
  }
}
