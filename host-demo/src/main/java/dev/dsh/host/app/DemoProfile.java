package dev.dsh.host.app;

import dev.dsh.host.demo.ReplayServer;
import dev.dsh.host.files.FileProblems;
import dev.dsh.host.home.HomeWrites;
import dev.dsh.host.home.OwnerOnlyFiles;
import dev.dsh.host.plugins.PluginJars;
import dev.dsh.host.profile.ComposedProfile;
import dev.dsh.host.profile.ProfileRow;
import dev.dsh.host.profile.ProfileSpec;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The offline demo profile: installs the distribution's Yuanbao plugin when it is not installed,
 * lists its bundle in {@code profiles/demo/profile.yml}, starts the loopback replay endpoint and
 * points the Yuanbao row at it with a placeholder literal key.
 */
final class DemoProfile {

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";
  static final String ROW_ID = "web-search-yuanbao";
  /** Not a key: the replay endpoint accepts anything, and the real service would refuse this. */
  static final String PLACEHOLDER_KEY = "demo-placeholder-key";
  static final String NOTICE =
      "demo profile: results are sample data from a local replay endpoint, not a live search";

  private DemoProfile() {}

  static ReplayServer prepare(HostOptions options) {
    Path plugins = options.home().plugins();
    try {
      if (PluginJars.scan(plugins).jar(PLUGIN_ID).isEmpty()) {
        Path bundled =
            options
                .bundledPlugin()
                .filter(Files::isRegularFile)
                .orElseThrow(
                    () ->
                        new HostException(
                            List.of(
                                "the demo profile needs the distribution's copy of the "
                                    + PLUGIN_ID
                                    + " plugin: start dsh with the ./dsh launcher, or install the"
                                    + " plugin with 'dsh plugin add <jar>'")));
        Files.createDirectories(plugins);
        OwnerOnlyFiles.replace(plugins.resolve(PLUGIN_ID + ".jar"),
            temp -> Files.copy(bundled, temp, StandardCopyOption.REPLACE_EXISTING));
      }
      Path specFile = options.home().profileFile(HostOptions.DEMO_PROFILE);
      ProfileSpec spec = ProfileSpec.read(specFile, "profiles/demo/" + ProfileSpec.FILE_NAME);
      if (!spec.bundles().contains(PLUGIN_ID)) {
        spec.withBundle(PLUGIN_ID).write(specFile);
      }
    } catch (IOException e) {
      throw HomeWrites.failed(
          "could not prepare the demo profile", e, options.home().plugins(), FileProblems.Kind.FOLDER);
    }
    options.events().accept(NOTICE);
    return ReplayServer.start();
  }

  /** The composed profile with the Yuanbao row aimed at the replay endpoint. */
  static ComposedProfile pointAtReplay(ComposedProfile composed, URI baseUrl) {
    List<ProfileRow> rows =
        composed.rows().stream()
            .map(
                row -> {
                  if (!row.id().equals(ROW_ID)) {
                    return row;
                  }
                  Map<String, Object> config = new LinkedHashMap<>(row.config());
                  config.put("apiKey", PLACEHOLDER_KEY);
                  config.put("baseURL", baseUrl.toString());
                  return row.withConfig(config);
                })
            .toList();
    return composed.withRows(rows);
  }
}
