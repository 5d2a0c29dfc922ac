package dev.dsh.app.cli;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.tool.WebSearchRendering;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code dsh search}: boots, runs one {@code ctx.web.search}, prints it, shuts down. */
@Command(name = "search", mixinStandardHelpOptions = true,
    description = "Run one web search through the profile's provider and print the sources.")
final class SearchCommand implements Callable<Integer> {

  private final Cli cli;

  @Mixin SearchOptions options = new SearchOptions();

  SearchCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() {
    WebSearchRequest request = options.request().withTimeout(options.timeout); // before any boot
    try (Host host = Host.start(cli.bootOptions(), LifecycleListener.none())) {
      CompletableFuture<WebSearchResult> search =
          host.search(request, AbortSignal.never()).toCompletableFuture();
      String text = search.handle((result, failure) -> text(result, failure, options.json)).join();
      // Escaped as dsh run's answers are: a provider's error message may carry anything.
      cli.io.out().print(ControlEscapes.escape(text, "\n") + "\n");
      cli.io.out().flush();
      return search.isCompletedExceptionally() ? ExitCodes.WEB_ERROR : ExitCodes.OK;
    }
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
