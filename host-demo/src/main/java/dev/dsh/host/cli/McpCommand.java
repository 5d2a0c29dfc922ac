package dev.dsh.host.cli;

import dev.dsh.host.mcp.McpStdioServer;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/**
 * {@code dsh mcp}: the host booted and reloaded as {@code dsh run} does, its {@code web_search}
 * tool served over the Model Context Protocol on stdin and stdout. Lifecycle lines and logs go to
 * stderr. End of input disposes everything and exits 0.
 */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description =
        "Serve the web_search tool over the Model Context Protocol on stdio (for MCP clients),"
            + " with hot reload as in 'dsh run'. Ends at end of input.")
final class McpCommand implements Callable<Integer> {

  private final Cli cli;

  McpCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws InterruptedException {
    try (ServingHost serving = ServingHost.start(cli.hostOptions(), cli.io.err());
        McpStdioServer server =
            McpStdioServer.start(serving.host()::webSearchTool, cli.io.in(), cli.io.out())) {
      server.awaitEndOfInput();
    }
    return ExitCodes.OK;
  }
}
