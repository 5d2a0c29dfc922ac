package dev.dsh.app.demo;

import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The offline demo profile: installs the distribution's Yuanbao plugin when it is not installed,
 * lists its bundle in {@code profiles/demo/profile.yml}, starts the loopback replay endpoint, and
 * gives the host a patch layer pointing the Yuanbao row at it with a placeholder literal key.
 */
public final class DemoProfile implements AutoCloseable {

  public static final String NAME = "demo";

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";
  static final String ROW_ID = "web-search-yuanbao";
  /** Not a key: the replay endpoint accepts anything; the real service would refuse this. */
  static final String PLACEHOLDER_KEY = "demo-placeholder-key";
  static final String NOTICE =
      "demo profile: results are sample data from a local replay endpoint, not a live search";

  private final ReplayServer replay;

  private DemoProfile(ReplayServer replay) {
    this.replay = replay;
  }

  /** Installs {@code bundled} unless installed (else ProfileException), starts the endpoint. */
  public static DemoProfile start(HostOptions options, Optional<Path> bundled) {
    PluginInstaller.ensure(options, PLUGIN_ID, () -> bundled.filter(Files::isRegularFile)
        .orElseThrow(() -> new ProfileException("the demo profile needs the distribution's"
            + " copy of the " + PLUGIN_ID + " plugin: start dsh with the ./dsh launcher, or install"
            + " the plugin with 'dsh plugin add <jar>'")));
    options.events().accept(NOTICE);
    return new DemoProfile(ReplayServer.start());
  }

  public HostOptions applyTo(HostOptions options) {
    return options.withLayer(new ProfileLayer("demo layer (the local replay endpoint)",
        "- id: " + ROW_ID + "\n  config: {apiKey: " + PLACEHOLDER_KEY + ", baseURL: '"
            + replay.baseUrl() + "'}\n"));
  }

  @Override
  public void close() {
    replay.close();
  }
}
