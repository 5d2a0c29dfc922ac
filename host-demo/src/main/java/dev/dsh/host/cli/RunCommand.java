package dev.dsh.host.cli;

import dev.dsh.host.app.Host;
import dev.dsh.host.app.HostOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code dsh run}: boots and keeps serving, reloading when the plugins folder or the profile files
 * change, and answers one command per line of standard input ({@link RunLoop}): {@code search …},
 * {@code status}, {@code quit}. End of input quits too.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Serve with hot reload. Reads commands from stdin, one a line: 'search [--json]"
            + " [--max-results N] [--timeout D] <query…>', 'status', 'quit'. Every line gets one"
            + " answer line on stdout, in the order asked; status answers at once.")
final class RunCommand implements Callable<Integer> {

  private final Cli cli;

  RunCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws IOException {
    HostOptions options = cli.hostOptions();
    PrintStream err = cli.io.err();
    // The watcher's first snapshot is taken before the boot reads the files: a change made while
    // the host boots is seen by its first poll.
    AtomicReference<@Nullable Host> serving = new AtomicReference<>();
    Watcher watcher =
        new Watcher(
            options,
            () -> Objects.requireNonNull(serving.get(), "host").reload(),
            e -> err.println("dsh: reload failed: " + e));
    // Closed in reverse order: the watcher stops before the host is disposed.
    try (Host host = Host.serve(options, event -> err.println("dsh: " + event.describe()));
        Watcher stoppedFirst = watcher) {
      serving.set(host);
      watcher.start();
      new RunLoop(host, cli.io.in(), err).serve(cli.io.out());
    }
    return ExitCodes.OK;
  }

  /** The {@code search} line's options, parsed like {@code dsh search}'s. */
  @Command(name = "search")
  static final class SearchLine {
    @CommandLine.Mixin final SearchOptions options;

    SearchLine(SearchOptions options) {
      this.options = options;
    }
  }
}
