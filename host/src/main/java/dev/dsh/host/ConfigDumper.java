package dev.dsh.host;

import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileComposer;

/**
 * The profile composed without starting anything, for {@code dsh plugin remove}'s notes; every
 * other cold read goes through {@link Host#inspect}, which this will fold into once that command
 * reads {@link HostInspection#notes()}.
 */
public final class ConfigDumper {

  private ConfigDumper() {}

  /**
   * The profile of {@code options} composed as the boot composes it, with the bundle layers of
   * {@code jars} (read from the jars, no plugin loaded).
   */
  public static ComposedProfile compose(HostOptions options, PluginJars jars) {
    return new ProfileComposer(options.home().root(), jars.bundles())
        .compose(options.profile(), options.patch(), options.layers());
  }
}
