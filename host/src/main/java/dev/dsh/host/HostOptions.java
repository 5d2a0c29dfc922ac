package dev.dsh.host;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** How to start a host; past {@code pluginDeadline} a plugin call's scope fails. */
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

  public HostOptions {
    layers = List.copyOf(layers);
    if (pluginDeadline.isNegative() || pluginDeadline.isZero()) {
      throw new IllegalArgumentException("the plugin deadline must be positive: " + pluginDeadline);
    }
  }

  /** Options with no extra layer, a 10 s plugin deadline, no stack traces, no activity listener. */
  public HostOptions(DshHome home, String profile, Optional<Path> patch, LaunchEnvironment env,
      Consumer<String> events) {
    this(home, profile, patch, env, List.of(), events, Duration.ofSeconds(10), false,
        ActivityListener.NONE);
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

  /** Options for a host embedded in another program: problem lines are SLF4J warnings. */
  public static HostOptions of(Path home, String profile) {
    Logger log = LoggerFactory.getLogger(Host.class);
    return new HostOptions(new DshHome(home), profile, Optional.empty(),
        LaunchEnvironment.system(), line -> log.warn("{}", line));
  }
}
