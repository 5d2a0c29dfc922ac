package dev.dsh.app.cli;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchRendering;
import dev.dsh.host.tool.WebSearchTool;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code dsh search} and {@code dsh tool}, run in {@code cli}: boot, call once, print, stop. */
record OneShotCommands(Cli cli) {

  @Command(name = "search", description = "Run one web search through the profile's provider and"
      + " print the sources.")
  final class Search implements Callable<Integer> {
    @Mixin SearchOptions options = new SearchOptions();

    @Override
    public Integer call() {
      WebSearchRequest request = options.request(); // before any boot
      try (Host host = Host.start(cli.bootOptions())) {
        CompletableFuture<WebSearchResult> search =
            host.search(request, AbortSignal.never()).toCompletableFuture();
        return print(search.handle((result, failure) -> text(result, failure, options.json))
            .join(), search.isCompletedExceptionally());
      }
    }
  }

  @Command(name = "tool", description = "Call a model-facing tool (web_search) and print exactly"
      + " what the model sees.")
  final class Tool implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "TOOL", description = "The tool: web_search.")
    String tool = "";

    @Parameters(index = "1", arity = "0..1", paramLabel = "ARGS",
        description = "The tool's arguments as JSON, e.g. '{\"queries\": [\"DeepSeek\"]}'.")
    @Nullable String arguments;

    @Option(names = "--schema", description = "Print the tool's JSON schema instead of calling it.")
    boolean schema;

    @Override
    public Integer call() {
      if (!WebSearchTool.NAME.equals(tool)) {
        throw new UsageException(
            "unknown tool \"" + UsageException.echo(tool) + "\": the only tool is web_search");
      }
      if (schema) {
        cli.io.out().println(WebSearchTool.schema());
        return DshMain.OK;
      }
      if (arguments == null) {
        throw new UsageException("give the tool's arguments as JSON, or --schema");
      }
      try (Host host = Host.start(cli.bootOptions())) {
        WebSearchTool webSearch =
            host.webSearchTool().orElseThrow(() -> new UsageException(ToolResult.NOT_RUNNING));
        ToolResult result =
            webSearch.call(arguments, AbortSignal.never()).toCompletableFuture().join();
        return print(result.text(), result.isError());
      }
    }
  }

  private int print(String text, boolean failed) {
    cli.answer(text);
    return failed ? DshMain.WEB_ERROR : DshMain.OK;
  }

  /** What {@code dsh search} prints for a search's result or failure, without the final newline. */
  static String text(@Nullable WebSearchResult result, @Nullable Throwable failure, boolean json) {
    if (failure == null) {
      return json ? SearchJson.of(result).toJson() : WebSearchRendering.render(result);
    }
    WebError error = WebError.of(failure, "search");
    return json ? ErrorJson.of(error).toJson() : "Error: " + error.getMessage();
  }
}
