package dev.dsh.app.cli;

import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
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
      PluginInstaller.Installed installed = PluginInstaller.add(cli.hostOptions(), jar);
      // A manifest's id and version are the jar's words: printed escaped, as every echo is.
      cli.io.out().println(ControlEscapes.escape("installed " + installed.id() + "@"
          + installed.version() + " and enabled its bundle in profile " + installed.profile(), ""));
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
      PluginInstaller.Removed removed = PluginInstaller.remove(cli.hostOptions(), id)
          .orElseThrow(() -> new UsageException("no plugin \"" + id + "\" is installed"));
      cli.io.out().println("removed " + id);
      removed.notes().forEach(cli.io.out()::println);
      removed.profileProblem().ifPresent(
          problem -> cli.io.err().println("dsh: the profile does not compose: " + problem));
      return ExitCodes.OK;
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
}
