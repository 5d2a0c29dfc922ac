package dev.dsh.app.cli;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dsh plugin add | remove | enable | disable | list}, run in {@code cli}. */
record PluginCommand(Cli cli) {

  @Command(name = "plugin", description = "Install, remove, enable, disable and list the plugins"
      + " of the home's plugins/.")
  static final class Group extends Subcommands.UsageOnly {}

  @Command(name = "add", description = "Check a plugin jar, copy it into plugins/ and list its"
      + " bundle in the profile. A jar that is not a valid plugin changes nothing.")
  final class Add implements Callable<Integer> {
    @Parameters(paramLabel = "JAR", description = "The plugin jar.")
    Path jar = Path.of("");

    @Override
    public Integer call() {
      PluginInstaller.Installed installed = PluginInstaller.add(cli.hostOptions(), jar);
      // A manifest's id and version are the jar's words: printed escaped, as every echo is.
      cli.io.out().println(ControlEscapes.escape("installed " + installed.id() + "@"
          + installed.version() + " and enabled its bundle in profile " + installed.profile(), ""));
      return DshMain.OK;
    }
  }

  @Command(name = "remove", description = "Remove a plugin's jar from plugins/ and its bundle from"
      + " the profile; a running 'dsh run' unloads it. Your entries for its rows are kept and"
      + " skipped until the plugin is added again.")
  final class Remove implements Callable<Integer> {
    @Parameters(paramLabel = "ID", description = "The plugin id.")
    String id = "";

    @Override
    public Integer call() {
      PluginInstaller.Removed removed = PluginInstaller.remove(cli.hostOptions(), id)
          .orElseThrow(() -> new UsageException("no plugin \"" + id + "\" is installed"));
      cli.io.out().println("removed " + id);
      removed.notes().forEach(cli.io.out()::println);
      removed.profileProblem().ifPresent(p -> cli.errLine("the profile does not compose: " + p));
      return DshMain.OK;
    }
  }

  @Command(description = "enable: list an installed plugin's bundle in the profile (a jar copied"
      + " into plugins/ by hand, or one disabled). disable: take it out; the jar stays, and your"
      + " entries for its rows are kept and skipped.")
  final class Toggle implements Callable<Integer> {
    private final boolean enable;

    @Parameters(paramLabel = "ID", description = "The plugin id.")
    String id = "";

    Toggle(boolean enable) {
      this.enable = enable;
    }

    @Override
    public Integer call() {
      HostOptions options = cli.hostOptions();
      boolean changed = ProfileEdits.setBundleEnabled(options, id, enable);
      String state = enable ? "enabled" : "disabled";
      cli.io.out().println(ControlEscapes.escape((changed ? state + " " + id : id + " is already "
          + state) + " in profile " + options.profile(), ""));
      Host.inspect(options).notes().forEach(options.events());
      return DshMain.OK;
    }
  }

  @Command(name = "list", description = "List installed plugins: id, version, state and the"
      + " profile rows they serve; then, when a plugin is enabled, each search provider the"
      + " profile registers: ready, not ready or unavailable, and why.")
  final class ListPlugins implements Callable<Integer> {
    @Override
    public Integer call() {
      HostInspection inspection = Host.inspect(cli.hostOptions());
      List<String> rows = List.of();
      try {
        inspection.notes().forEach(cli::errLine);
        rows = inspection.enabledRows();
      } catch (ProfileException e) {
        cli.errLine("the profile does not compose, rows not shown: " + e.getMessage());
      }
      for (HostInspection.PluginJar jar : inspection.jars()) {
        String served = jar.rows().isEmpty() ? "-" : String.join(",", jar.rows());
        cli.io.out().println(ControlEscapes.escape(jar.id() + "\t" + jar.version() + "\t"
            + (jar.enabled() ? "enabled" : "installed") + "\t" + served, "\t"));
      }
      inspection.refusedJars().forEach(
          refused -> cli.io.out().println(ControlEscapes.escape(refused.file().getFileName()
              + "\t-\tinvalid\t-\t" + refused.getMessage(), "\t")));
      if (inspection.jars().isEmpty()) {
        // stderr: stdout stays the list, empty, for a script that reads it
        cli.errLine("no plugin is installed; add one with 'dsh plugin add "
            + cli.io.bundledPlugin().filter(Files::isRegularFile).map(Path::toString)
                .orElse("<jar>") + "'");
      }
      if (!rows.isEmpty() && inspection.jars().stream().anyMatch(HostInspection.PluginJar::enabled)) {
        printProviders();
      }
      return DshMain.OK;
    }

    /** The profile booted once for its providers' readiness (nothing is searched), then closed. */
    private void printProviders() {
      List<ProviderStatus> providers;
      // Boot events are not repeated: the plugin lines above already name a jar that does not load.
      HostOptions quiet = cli.booting(cli.hostOptions(line -> {}));
      try (Host host = Host.start(quiet)) {
        providers = host.providers();
      } catch (ProfileException | FileAccessException e) {
        String why = String.valueOf(e.getMessage()).strip().replaceAll("\\s+", " ");
        cli.errLine("providers not shown: " + UrlUserInfo.redact(why));
        return;
      }
      for (ProviderStatus p : providers) {
        String state = p.ready() ? "ready" : p.available() ? "not ready" : "unavailable";
        cli.io.out().println(
            "provider\t" + p.id() + "\t" + state + "\t" + p.reasonOpt().orElse("-"));
      }
    }
  }
}
