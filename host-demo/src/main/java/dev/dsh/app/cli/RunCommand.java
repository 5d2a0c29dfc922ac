package dev.dsh.app.cli;

import dev.dsh.host.Host;
import java.io.IOException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** {@code dsh run}: hot reload, and a command per line of standard input ({@link RunLoop}). */
@Command(name = "run", mixinStandardHelpOptions = true, description = "Serve with hot reload."
    + " Reads commands from stdin, one a line: 'search [--json] [--max-results N] [--timeout D]"
    + " <query…>', 'status', 'quit'. Every line gets one answer on stdout, in the order asked;"
    + " status answers at once.")
final class RunCommand implements Callable<Integer> {

  private final Cli cli;

  RunCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws IOException {
    try (Host host = Host.serve(cli.bootOptions(), e -> cli.errLine(e.describe()))) {
      new RunLoop(host, cli.io.in(), cli.io.out(), cli.io.err()).serve();
    }
    return ExitCodes.OK;
  }
}
