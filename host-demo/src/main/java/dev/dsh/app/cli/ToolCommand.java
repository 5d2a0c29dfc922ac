package dev.dsh.app.cli;

import dev.dsh.api.AbortSignal;
import dev.dsh.host.Host;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dsh tool web_search '<json args>'}: the model-facing text, exactly. */
@Command(name = "tool", mixinStandardHelpOptions = true,
    description = "Call a model-facing tool (web_search) and print exactly what the model sees.")
final class ToolCommand implements Callable<Integer> {

  private final Cli cli;

  @Parameters(index = "0", paramLabel = "TOOL", description = "The tool: web_search.")
  String tool = "";

  @Parameters(index = "1", arity = "0..1", paramLabel = "ARGS",
      description = "The tool's arguments as JSON, e.g. '{\"queries\": [\"DeepSeek\"]}'.")
  @Nullable String arguments;

  @Option(names = "--schema", description = "Print the tool's JSON schema instead of calling it.")
  boolean schema;

  ToolCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() {
    if (!WebSearchTool.NAME.equals(tool)) {
      throw new UsageException(
          "unknown tool \"" + UsageException.echo(tool) + "\": the only tool is web_search");
    }
    if (schema) {
      cli.io.out().println(WebSearchTool.schema());
      return ExitCodes.OK;
    }
    if (arguments == null) {
      throw new UsageException("give the tool's arguments as JSON, or --schema");
    }
    try (Host host = Host.start(cli.bootOptions(), LifecycleListener.none())) {
      WebSearchTool webSearch =
          host.webSearchTool().orElseThrow(() -> new UsageException(ToolResult.NOT_RUNNING));
      ToolResult result = webSearch.call(arguments, AbortSignal.never()).toCompletableFuture().join();
      // Escaped: an error text may quote the arguments given.
      cli.io.out().println(ControlEscapes.escape(result.text(), "\n"));
      cli.io.out().flush();
      return result.isError() ? ExitCodes.WEB_ERROR : ExitCodes.OK;
    }
  }
}
