package dev.dsh.host;

import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigDump;
import dev.dsh.host.internal.profile.ProfileComposer;

/**
 * {@code dsh --dump-config}: the profile composed by the same code path the boot uses, rendered as
 * YAML with secrets redacted, without starting any plugin (jars are read, not loaded).
 */
public final class ConfigDumper {

  private ConfigDumper() {}

  /**
   * The composed profile of {@code options} as YAML, secrets shown as {@code <redacted>}; its notes
   * (entries kept but skipped) go to the options' event sink.
   */
  public static String dump(HostOptions options) {
    PluginJars jars = PluginJars.scan(options.home().plugins());
    ComposedProfile profile = compose(options, jars);
    profile.notes().forEach(options.events());
    ProfileSchemas schemas = new ProfileSchemas(options.home().root(), options.env(), jars);
    return ConfigDump.render(profile, schemas::schema);
  }

  /**
   * The profile of {@code options} composed as the boot composes it, with the bundle layers of
   * {@code jars} (read from the jars, no plugin loaded).
   */
  public static ComposedProfile compose(HostOptions options, PluginJars jars) {
    return new ProfileComposer(options.home().root(), jars.bundles())
        .compose(options.profile(), options.patch(), options.layers());
  }
}
