package dev.dsh.app.cli;

import dev.dsh.host.ConfigDumper;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.internal.files.FileProblems;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.plugins.PluginLoadException;
import dev.dsh.host.internal.profile.BundlePatch;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dsh plugin add | remove | list}. */
final class PluginCommand {

  private PluginCommand() {}

  @Command(
      name = "plugin",
      mixinStandardHelpOptions = true,
      description = "Install, remove and list plugins of the home's plugins/ folder.")
  static final class Group extends UsageOnly {}

  @Command(
      name = "add",
      mixinStandardHelpOptions = true,
      description =
          "Check a plugin jar, copy it into plugins/ and list its bundle in the profile. A jar that"
              + " is not a valid plugin changes nothing.")
  static final class Add implements Callable<Integer> {
    private final Cli cli;

    @Parameters(paramLabel = "JAR", description = "The plugin jar.")
    Path jar = Path.of("");

    Add(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      PluginJars.Jar checked = PluginJars.inspect(jar); // throws naming the file and the reason
      DshHome home = cli.home();
      TrialLoad.check(jar, home); // what only loading tells: PF4J accepts it, its entry can be created
      Path plugins = home.plugins();
      Path target = plugins.resolve(checked.id() + ".jar");
      if (Files.isDirectory(target)) {
        throw new FileAccessException(
            "could not install " + jar + ": " + target + " is a folder, not a file; remove it");
      }
      try {
        Files.createDirectories(plugins);
        // Copied aside first: the jar given may be one of the files replaced below (a jar dropped
        // into plugins/ by hand, then added to enable its bundle).
        OwnerOnlyFiles.replace(target, temp -> {
          Files.copy(jar, temp, StandardCopyOption.REPLACE_EXISTING);
          // One jar per plugin: another file of the same id goes before the target is replaced.
          for (Path other : PluginJars.jarsIn(plugins)) {
            if (!other.equals(target) && hasId(other, checked.id())) {
              Files.deleteIfExists(other);
            }
          }
        });
        String profile = cli.globals.profile();
        readSpec(home, profile).withBundle(checked.id()).write(home.profileFile(profile));
      } catch (IOException e) {
        throw HomeWrites.failed("could not install " + jar, e, plugins, FileProblems.Kind.FOLDER);
      }
      cli.io.out().println(ControlEscapes.escape("installed " + checked.id() + "@"
          + checked.version() + " and enabled its bundle in profile " + cli.globals.profile(), ""));
      return ExitCodes.OK;
    }
  }

  @Command(
      name = "remove",
      mixinStandardHelpOptions = true,
      description =
          "Remove a plugin's jar from plugins/ and its bundle from the profile; a running"
              + " 'dsh run' unloads it. Your cordis.patch.yml entries for its rows are kept and"
              + " skipped until the plugin is added again.")
  static final class Remove implements Callable<Integer> {
    private final Cli cli;

    @Parameters(paramLabel = "ID", description = "The plugin id.")
    String id = "";

    Remove(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      DshHome home = cli.home();
      // By the manifest's id alone: a jar refused for any other reason can still be removed.
      List<Path> matching =
          PluginJars.jarsIn(home.plugins()).stream()
              .filter(file -> PluginJars.pluginIdOf(file).filter(id::equals).isPresent())
              .toList();
      ProfileSpec spec = readSpec(home, cli.globals.profile());
      if (matching.isEmpty() && !spec.bundles().contains(id)) {
        throw new UsageException("no plugin \"" + id + "\" is installed");
      }
      // The plugin's rows the user's layer overrides: recorded, so that those entries are kept
      // and skipped rather than make every later command fail.
      Set<String> overridden = userOverrides();
      List<String> rows = matching.stream().flatMap(Remove::insertedRows).distinct()
          .filter(overridden::contains).toList();
      try {
        String profile = cli.globals.profile();
        readSpec(home, profile).withoutBundle(id).withRemovedRows(id, rows)
            .write(home.profileFile(profile));
        for (Path jar : matching) {
          Files.deleteIfExists(jar);
        }
      } catch (IOException e) {
        throw HomeWrites.failed("could not remove " + id, e, home.plugins(), FileProblems.Kind.FOLDER);
      }
      cli.io.out().println("removed " + id);
      // What became of the user's entries for its rows, in the words every later command uses.
      try {
        ConfigDumper.compose(cli.hostOptions(), PluginJars.scan(home.plugins())).notes()
            .forEach(cli.io.out()::println);
      } catch (ProfileException e) {
        cli.io.err().println("dsh: the profile does not compose: " + e.getMessage());
      }
      return ExitCodes.OK;
    }

    private Set<String> userOverrides() {
      try {
        return new ProfileComposer(cli.home().root(), pluginId -> Optional.empty())
            .userOverrides(cli.globals.profile(), cli.globals.patch());
      } catch (ProfileException e) {
        return Set.of(); // a user layer that does not parse fails every command already
      }
    }

    private static Stream<String> insertedRows(Path jar) {
      try {
        PluginJars.Jar read = PluginJars.inspect(jar);
        return new BundlePatch(read.id(), read.bundlePatch()).insertedRowIds().stream();
      } catch (PluginLoadException | ProfileException e) {
        return Stream.empty(); // a jar that does not read inserted no row the profile used
      }
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description =
          "List installed plugins: id, version, state and the profile rows they serve; then, when"
              + " a plugin is enabled, each search provider the profile registers: ready, not"
              + " ready or unavailable, and why.")
  static final class ListPlugins implements Callable<Integer> {
    private final Cli cli;

    ListPlugins(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      HostInspection inspection = Host.inspect(cli.hostOptions());
      List<String> rows = List.of();
      try {
        inspection.notes().forEach(note -> cli.io.err().println("dsh: " + note));
        rows = inspection.enabledRows();
      } catch (ProfileException e) {
        cli.io.err().println("dsh: the profile does not compose, rows not shown: " + e.getMessage());
      }
      for (HostInspection.PluginJar jar : inspection.jars()) {
        String state = jar.enabled() ? "enabled" : "installed";
        String served = jar.rows().isEmpty() ? "-" : String.join(",", jar.rows());
        // A manifest's id and version are the jar's words: printed escaped, as every echo is.
        cli.io.out().println(ControlEscapes.escape(
            jar.id() + "\t" + jar.version() + "\t" + state + "\t" + served, "\t"));
      }
      inspection.refusedJars().forEach(
          refused -> cli.io.out().println(ControlEscapes.escape(refused.file().getFileName()
              + "\t-\tinvalid\t-\t" + refused.problem(), "\t")));
      boolean anyEnabled = inspection.jars().stream().anyMatch(HostInspection.PluginJar::enabled);
      if (!rows.isEmpty() && anyEnabled) {
        ProviderLines.print(cli, cli.io.out(), cli.io.err());
      }
      return ExitCodes.OK;
    }
  }

  private static boolean hasId(Path file, String pluginId) {
    try {
      return PluginJars.inspect(file).id().equals(pluginId);
    } catch (PluginLoadException e) {
      return false; // not a readable plugin: not ours to remove
    }
  }

  private static ProfileSpec readSpec(DshHome home, String profile) {
    Path file = home.profileFile(profile);
    return ProfileSpec.read(file, "profiles/" + profile + "/" + ProfileSpec.FILE_NAME);
  }
}
