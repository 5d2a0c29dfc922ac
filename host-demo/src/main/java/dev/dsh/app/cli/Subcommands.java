package dev.dsh.app.cli;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The {@code dsh} subcommands, only the one the arguments name built (all when they name none):
 * picocli's reflective model of the others cost 13 % of a one-shot search's CPU (BENCHMARKS.md).
 */
final class Subcommands {

  // In the order the root's usage lists them.
  private static final Map<String, Function<Cli, CommandLine>> FACTORIES = new LinkedHashMap<>();

  static {
    FACTORIES.put("search", cli -> new CommandLine(new SearchCommand(cli)));
    FACTORIES.put("tool", cli -> new CommandLine(new ToolCommand(cli)));
    FACTORIES.put("run", cli -> new CommandLine(new RunCommand(cli)));
    FACTORIES.put("mcp", cli -> new CommandLine(new McpCommand(cli)));
    FACTORIES.put("serve", cli -> new CommandLine(new ServeCommand(cli)));
    FACTORIES.put("plugin", Subcommands::plugin);
    FACTORIES.put("credentials", Subcommands::credentials);
  }

  private Subcommands() {}

  /** Adds the subcommand {@code args} name, or all; {@code forEach} gets each one added. */
  static void addTo(CommandLine root, Cli cli, String[] args, Consumer<CommandLine> forEach) {
    String named = named(root.getCommandSpec(), args);
    FACTORIES.forEach((name, factory) -> {
      if (named == null || named.equals(name)) {
        CommandLine sub = factory.apply(cli);
        forEach.accept(sub);
        root.addSubcommand(name, sub);
      }
    });
  }

  /** The first word of {@code args} that is no option of {@code root} nor its value, if a name. */
  static @Nullable String named(CommandSpec root, String[] args) {
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      if (arg.equals("--")) {
        return null;
      }
      if (!arg.startsWith("-") || arg.equals("-")) {
        return FACTORIES.containsKey(arg) ? arg : null;
      }
      int equals = arg.indexOf('=');
      OptionSpec option = root.findOption(equals < 0 ? arg : arg.substring(0, equals));
      if (option != null && equals < 0 && option.arity().max() > 0) {
        i++;
      }
    }
    return null;
  }

  private static CommandLine plugin(Cli cli) {
    PluginCommand commands = new PluginCommand(cli);
    CommandLine plugin = new CommandLine(new PluginCommand.Group());
    plugin.addSubcommand("add", commands.new Add());
    plugin.addSubcommand("remove", commands.new Remove());
    plugin.addSubcommand("enable", commands.new Toggle(true));
    plugin.addSubcommand("disable", commands.new Toggle(false));
    plugin.addSubcommand("list", commands.new ListPlugins());
    return plugin;
  }

  private static CommandLine credentials(Cli cli) {
    CredentialsCommand commands = new CredentialsCommand(cli);
    CommandLine credentials = new CommandLine(new CredentialsCommand.Group());
    credentials.addSubcommand("set", commands.new SetCredential());
    credentials.addSubcommand("unset", commands.new UnsetCredential());
    credentials.addSubcommand("list", commands.new ListCredentials());
    return credentials;
  }
}
