package dev.dsh.app.cli;

import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.HostVersion;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Option;

/** The root command: global options, {@code --dump-config}, and the subcommands. */
@Command(name = "dsh", mixinStandardHelpOptions = true, versionProvider = DshCommand.Version.class,
    description = "The dsh host: web search for agent harnesses through provider plugins.",
    footer = {"",
      "Exit codes: 0 success, 3 the search failed (WebError), 2 usage, config or profile error."})
final class DshCommand extends UsageOnly {

  private final Cli cli;

  @Option(
      names = "--dump-config",
      description = "Print the composed profile as YAML (secrets redacted) without starting plugins.")
  boolean dumpConfig;

  DshCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() {
    if (!dumpConfig) {
      return super.call();
    }
    HostOptions options = cli.hostOptions();
    HostInspection inspection = Host.inspect(options);
    inspection.notes().forEach(options.events());
    cli.io.out().print(inspection.configYaml());
    cli.io.out().flush();
    return ExitCodes.OK;
  }

  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"dsh " + HostVersion.current()};
    }
  }
}
