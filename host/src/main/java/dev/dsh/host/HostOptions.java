package dev.dsh.host;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How to start a host.
 *
 * @param home the home folder
 * @param profile the profile name
 * @param patch the {@code --patch} file, if any
 * @param env the launch environment (the process environment outside tests)
 * @param layers patch layers given in memory, composed after the profile's files and {@code patch}
 * @param events where lifecycle and problem lines go (stderr in the CLI)
 * @param pluginDeadline how long a plugin's {@code apply}, update handler or release action may
 *     run before its scope fails and the host goes on without it
 * @param verbose whether a failed row's report carries the stack trace of its error
 * @param activity told of every search and reload, for metrics ({@link ActivityListener#none()}
 *     by default)
 */
public record HostOptions(
    DshHome home,
    String profile,
    Optional<Path> patch,
    LaunchEnvironment env,
    List<ProfileLayer> layers,
    Consumer<String> events,
    Duration pluginDeadline,
    boolean verbose,
    ActivityListener activity) {

  /** The default plugin deadline, in seconds. */
  public static final long DEFAULT_DEADLINE_SECONDS = 10;

  public HostOptions {
    Objects.requireNonNull(home, "home");
    Objects.requireNonNull(profile, "profile");
    Objects.requireNonNull(patch, "patch");
    Objects.requireNonNull(env, "env");
    layers = List.copyOf(layers);
    Objects.requireNonNull(events, "events");
    Objects.requireNonNull(pluginDeadline, "pluginDeadline");
    if (pluginDeadline.isNegative() || pluginDeadline.isZero()) {
      throw new IllegalArgumentException("the plugin deadline must be positive: " + pluginDeadline);
    }
    Objects.requireNonNull(activity, "activity");
  }

  /** Options that report no activity. */
  public HostOptions(
      DshHome home,
      String profile,
      Optional<Path> patch,
      LaunchEnvironment env,
      List<ProfileLayer> layers,
      Consumer<String> events,
      Duration pluginDeadline,
      boolean verbose) {
    this(home, profile, patch, env, layers, events, pluginDeadline, verbose,
        ActivityListener.none());
  }

  /** Options with the default plugin deadline ({@value #DEFAULT_DEADLINE_SECONDS} s), quiet. */
  public HostOptions(
      DshHome home,
      String profile,
      Optional<Path> patch,
      LaunchEnvironment env,
      Consumer<String> events) {
    this(home, profile, patch, env, List.of(), events,
        Duration.ofSeconds(DEFAULT_DEADLINE_SECONDS), false);
  }

  /** These options with another plugin deadline. */
  public HostOptions withPluginDeadline(Duration deadline) {
    return new HostOptions(home, profile, patch, env, layers, events, deadline, verbose, activity);
  }

  /** These options with {@code layer} composed after their other layers. */
  public HostOptions withLayer(ProfileLayer layer) {
    List<ProfileLayer> more = new ArrayList<>(layers);
    more.add(layer);
    return new HostOptions(
        home, profile, patch, env, more, events, pluginDeadline, verbose, activity);
  }

  /** These options with stack traces in failure reports, or without. */
  public HostOptions withVerbose(boolean on) {
    return new HostOptions(home, profile, patch, env, layers, events, pluginDeadline, on, activity);
  }

  /** These options reporting every search and reload to {@code listener} instead. */
  public HostOptions withActivity(ActivityListener listener) {
    return new HostOptions(
        home, profile, patch, env, layers, events, pluginDeadline, verbose, listener);
  }

  /**
   * Options for a host embedded in another program: the home folder {@code home} (its {@code
   * plugins/}, {@code profiles/} and credential store, as {@code dsh --home} reads them), the
   * profile {@code profile}, the process environment (for the keys plugins read from it), no extra
   * patch layer; problem lines (a jar that does not load, a broken profile edit) are logged as
   * warnings through SLF4J.
   */
  public static HostOptions of(Path home, String profile) {
    Logger log = LoggerFactory.getLogger(Host.class);
    return new HostOptions(
        new DshHome(home.toAbsolutePath().normalize()),
        profile,
        Optional.empty(),
        LaunchEnvironment.system(),
        line -> log.warn("{}", line));
  }
}
