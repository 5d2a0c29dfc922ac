package dev.dsh.app.cli;

import dev.dsh.api.ConfigException;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.serve.ServeException;
import java.io.PrintWriter;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/** Runs one {@code dsh} invocation, failures mapped to {@link ExitCodes}; never exits. */
public final class Dsh {

  /** The most characters of a usage message, which quotes what was typed. */
  private static final int MAX_MESSAGE = 500;

  private Dsh() {}

  /** The exit code of {@code args}; stderr escaped (tabs kept for a {@code --verbose} trace). */
  static int run(CliIo given, String... args) {
    try (Cli cli = new Cli(new CliIo(given.in(), given.out(),
        EscapedStream.around(given.err()), given.env(),
        given.bundledPlugin()))) {
      return run(cli, args);
    }
  }

  private static int run(Cli cli, String... args) {
    CommandLine commandLine = new CommandLine(new DshCommand(cli));
    Subcommands.addTo(commandLine, cli, args);
    addGlobalOptions(commandLine, cli.globals);
    commandLine.setOut(new PrintWriter(cli.io.out(), true));
    commandLine.setErr(new PrintWriter(cli.io.err(), true));
    commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
      line.getErr().println("dsh: "
          + UrlUserInfo.redact(forTheUser(e) ? e.getMessage() : "internal error: " + e));
      return forTheUser(e) ? ExitCodes.USAGE_OR_CONFIG : ExitCodes.INTERNAL;
    });
    commandLine.setParameterExceptionHandler((e, parsedArgs) -> {
      CommandLine line = e.getCommandLine();
      // The message quotes the offending argument: cut it, it may be megabytes long.
      String message = String.valueOf(e.getMessage());
      line.getErr().println("dsh: " + UsageException.echo(message, MAX_MESSAGE));
      line.getErr().println("Try '" + line.getCommandSpec().qualifiedName() + " --help'.");
      return ExitCodes.USAGE_OR_CONFIG;
    });
    return commandLine.execute(args);
  }

  private static void addGlobalOptions(CommandLine line, GlobalOptions globals) {
    // Every command gets option specs bound to the same shared object.
    line.getCommandSpec().addMixin("global", CommandSpec.forAnnotatedObject(globals));
    for (CommandLine sub : List.copyOf(line.getSubcommands().values())) {
      addGlobalOptions(sub, globals);
    }
  }

  // A fault of the input, home or profile, told by a message for people.
  private static boolean forTheUser(Exception e) {
    return e instanceof ProfileException
        || e instanceof ConfigException || e instanceof PluginLoadException
        || e instanceof FileAccessException
        || e instanceof UsageException || e instanceof ServeException
        || e instanceof IllegalArgumentException;
  }
}
