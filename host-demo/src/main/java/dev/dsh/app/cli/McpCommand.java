package dev.dsh.app.cli;

import dev.dsh.app.mcp.McpStdioServer;
import dev.dsh.host.Host;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;

/** {@code dsh mcp}: end of input exits 0 once the calls are answered; else 1, said in one line. */
@Command(name = "mcp", description = "Serve the web_search tool over the Model Context Protocol"
    + " on stdio (for MCP clients), with hot reload as in 'dsh run'. Ends at end of input.")
final class McpCommand implements Callable<Integer> {

  private final Cli cli;

  McpCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws InterruptedException, IOException {
    // The server starts first: initialize is answered while the host boots; a call waits for it.
    CompletableFuture<Host> booted = new CompletableFuture<>();
    McpStdioServer server = new McpStdioServer(
        () -> booted.join().webSearchTool(), booted, cli.io.in(), cli.io.out(), cli.io.err());
    Host serving;
    try {
      serving = Host.serve(cli.bootOptions(), e -> cli.errLine(e.describe()));
    } catch (RuntimeException | Error e) {
      booted.completeExceptionally(e);
      server.close();
      throw e;
    }
    Optional<String> problem;
    // Closed in reverse: the server first (aborting the calls still running), then the host.
    try (serving; server) {
      booted.complete(serving);
      problem = server.awaitEnd();
    }
    problem.ifPresent(cli::errLine);
    return problem.isPresent() ? DshMain.INTERNAL : DshMain.OK;
  }
}
