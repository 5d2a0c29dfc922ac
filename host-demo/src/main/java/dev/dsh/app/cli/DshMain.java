package dev.dsh.app.cli;

import dev.dsh.api.ConfigException;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.serve.ServeException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;
import sun.misc.Signal;

/**
 * The {@code dsh} executable and its root command: one invocation, failures mapped to exit
 * codes. dsh's own exits ({@link #exit}; {@code SIGTERM}, {@code SIGINT}, {@code SIGHUP} as
 * the JVM would, 128 + the number) are marked: a plugin's {@code System.exit} cannot be stopped on
 * Java 17, so a shutdown hook finding no mark prints {@link #FOREIGN_EXIT} and halts with 1.
 */
@Command(name = "dsh", mixinStandardHelpOptions = true, versionProvider = DshMain.Version.class,
    scope = ScopeType.INHERIT, // every subcommand gets --help, --version and the exit codes
    description = "The dsh host: web search for agent harnesses through provider plugins.",
    footer = {"",
      "Exit codes: 0 success, 3 the search failed (WebError), 2 usage, config or profile error."})
public final class DshMain extends Subcommands.UsageOnly {

  static final int OK = 0;
  static final int INTERNAL = 1;
  static final int USAGE_OR_CONFIG = 2; // nothing was searched
  static final int WEB_ERROR = 3; // the search ran and failed
  static final String FOREIGN_EXIT =
      "dsh: the JVM was asked to exit by code other than dsh (a plugin calling System.exit?)";
  private static final int MAX_MESSAGE = 500;

  private static volatile boolean expected;
  private static final AtomicReference<@Nullable Runnable> nextStop = new AtomicReference<>();

  private final Cli cli;

  @Option(
      names = "--dump-config",
      description = "Print the composed profile as YAML (secrets redacted) without starting plugins.")
  boolean dumpConfig;

  DshMain(Cli cli) {
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
    return OK;
  }

  public static void main(String[] args) {
    // Set by the launcher: the distribution folder holding bundled-plugins/.
    Optional<Path> bundled = Optional.ofNullable(System.getProperty("dsh.distribution"))
        .map(dist -> Path.of(dist, "bundled-plugins", "dsh-web-search-yuanbao.jar"));
    Cli.Io io = new Cli.Io(System.in, new PrintStream(System.out, true, StandardCharsets.UTF_8),
        new PrintStream(System.err, true, StandardCharsets.UTF_8), LaunchEnvironment.system(),
        bundled);
    guardExits(io.err());
    int status;
    try {
      status = run(io, args);
    } catch (RuntimeException | Error e) {
      // run maps every failure it can to a status; this one escaped it. Exiting here keeps
      // dsh's mark on the exit, which the JVM ending on an uncaught exception would not have.
      io.err().println("dsh: internal error: " + e);
      status = INTERNAL;
    }
    exit(status);
  }

  /** The exit code of {@code args}. */
  static int run(Cli.Io given, String... args) {
    try (Cli cli = new Cli(given)) {
      CommandLine commandLine = new CommandLine(new DshMain(cli));
      Subcommands.addTo(commandLine, cli, args);
      addGlobalOptions(commandLine, cli);
      commandLine.setOut(new PrintWriter(cli.io.out(), true));
      commandLine.setErr(new PrintWriter(cli.io.err(), true));
      commandLine.setExecutionExceptionHandler((e, line, parsed) -> {
        cli.errLine(UrlUserInfo.redact(forTheUser(e) ? e.getMessage() : "internal error: " + e));
        return forTheUser(e) ? USAGE_OR_CONFIG : INTERNAL;
      });
      commandLine.setParameterExceptionHandler((e, parsedArgs) -> {
        CommandLine line = e.getCommandLine();
        // The message quotes the offending argument: cut it, it may be megabytes long.
        String message = String.valueOf(e.getMessage());
        cli.errLine(UsageException.echo(message, MAX_MESSAGE));
        line.getErr().println("Try '" + line.getCommandSpec().qualifiedName() + " --help'.");
        return USAGE_OR_CONFIG;
      });
      return commandLine.execute(args);
    }
  }

  private static void addGlobalOptions(CommandLine line, Cli cli) {
    // Every command gets option specs bound to the same shared object.
    line.getCommandSpec().addMixin("global", CommandSpec.forAnnotatedObject(cli));
    for (CommandLine sub : List.copyOf(line.getSubcommands().values())) {
      addGlobalOptions(sub, cli);
    }
  }

  // A fault of the input, home or profile, told by a message for people.
  private static boolean forTheUser(Exception e) {
    return e instanceof ProfileException
        || e instanceof ConfigException || e instanceof PluginLoadException
        || e instanceof FileAccessException || e instanceof ServeException
        || e instanceof IllegalArgumentException; // UsageException too
  }

  // Once, before any plugin is loaded.
  private static void guardExits(PrintStream err) {
    for (String name : List.of("TERM", "INT", "HUP")) {
      try {
        Signal.handle(new Signal(name), DshMain::onSignal);
      } catch (IllegalArgumentException e) {
        // the JVM does not let this signal be handled here (-Xrs): it then ends the process
        // without running shutdown hooks, so the hook cannot mistake it for a plugin's exit
      }
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      if (!expected) {
        err.println(FOREIGN_EXIT);
        err.flush();
        Runtime.getRuntime().halt(INTERNAL);
      }
    }, "dsh-exit-guard"));
  }

  // The next SIGTERM or SIGINT runs hook instead of exiting (null: exits again), so a command can
  // drain first (dsh serve); the one after exits as before.
  static void onNextStopSignal(@Nullable Runnable hook) {
    nextStop.set(hook);
  }

  private static void onSignal(Signal signal) {
    Runnable hook = signal.getName().equals("HUP") ? null : nextStop.getAndSet(null);
    if (hook != null) {
      hook.run();
    } else {
      exit(128 + signal.getNumber());
    }
  }

  private static void exit(int status) {
    expected = true;
    System.exit(status);
  }

  static final class Version implements IVersionProvider {
    @Override
    public String[] getVersion() {
      return new String[] {"dsh " + HostVersion.current()};
    }
  }
}
