package dev.dsh.host.internal.plugins;

import dev.dsh.host.model.PluginLoadException;
import java.util.List;

/**
 * The outcome of loading a folder of jars: each good jar loaded, each bad one reported.
 *
 * @param loaded the plugins loaded, in file-name order
 * @param failures one per refused jar, naming the file and why
 */
public record LoadReport(List<LoadedPlugin> loaded, List<PluginLoadException> failures) {

  public LoadReport {
    loaded = List.copyOf(loaded);
    failures = List.copyOf(failures);
  }
}
