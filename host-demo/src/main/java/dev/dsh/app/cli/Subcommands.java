package dev.dsh.app.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The {@code dsh} subcommands, only those whose names the arguments hold built (all when none):
 * picocli's reflective model of the others cost 13 % of a one-shot search's CPU (BENCHMARKS.md).
 * A name that is an option's value costs one more model, never a wrong parse.
 */
final class Subcommands {

  // In the order the root's usage lists them.
  private static final Map<String, Function<Cli, CommandLine>> FACTORIES = new LinkedHashMap<>();

  static {
    FACTORIES.put("search", cli -> new CommandLine(new OneShotCommands(cli).new Search()));
    FACTORIES.put("tool", cli -> new CommandLine(new OneShotCommands(cli).new Tool()));
    FACTORIES.put("run", cli -> new CommandLine(new RunCommand(cli)));
    FACTORIES.put("mcp", cli -> new CommandLine(new McpCommand(cli)));
    FACTORIES.put("serve", cli -> new CommandLine(new ServeCommand(cli)));
    FACTORIES.put("plugin", Subcommands::plugin);
    FACTORIES.put("credentials", Subcommands::credentials);
  }

  private Subcommands() {}

  /** A command run without a subcommand: prints its usage and exits 2. */
  abstract static class UsageOnly implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
      spec.commandLine().usage(spec.commandLine().getErr());
      return DshMain.USAGE_OR_CONFIG;
    }
  }

  static void addTo(CommandLine root, Cli cli, String[] args) {
    List<String> words = List.of(args);
    boolean named = words.stream().anyMatch(FACTORIES::containsKey);
    FACTORIES.forEach((name, factory) -> {
      if (!named || words.contains(name)) {
        root.addSubcommand(name, factory.apply(cli));
      }
    });
  }

  private static CommandLine plugin(Cli cli) {
    PluginCommand commands = new PluginCommand(cli);
    return new CommandLine(new PluginCommand.Group())
        .addSubcommand(commands.new Add())
        .addSubcommand(commands.new Remove())
        .addSubcommand("enable", commands.new Toggle(true))
        .addSubcommand("disable", commands.new Toggle(false))
        .addSubcommand(commands.new ListPlugins());
  }

  private static CommandLine credentials(Cli cli) {
    CredentialsCommand commands = new CredentialsCommand(cli);
    return new CommandLine(new CredentialsCommand.Group())
        .addSubcommand(commands.new SetCredential())
        .addSubcommand(commands.new UnsetCredential())
        .addSubcommand(commands.new ListCredentials());
  }
}
