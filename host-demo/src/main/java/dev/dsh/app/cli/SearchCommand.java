package dev.dsh.app.cli;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.SearchJson;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.tool.WebSearchRendering;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
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
    options.request(); // usage errors before any boot
    try (Host host = Host.start(cli.bootOptions(), LifecycleListener.none())) {
      // Escaped as dsh run's answers are: a provider's error message may carry anything.
      PrintStream out = EscapedStream.around(cli.io.out(), EscapedStream.LINES);
      String text;
      int status = ExitCodes.OK;
      try {
        text = text(await(host, options.request(), options.timeout), options.json);
      } catch (WebError e) {
        text = text(e, options.json);
        status = ExitCodes.WEB_ERROR;
      }
      out.print(text + "\n");
      out.flush();
      return status;
    }
  }

  /** What {@code dsh search} prints for {@code result}, without the final newline. */
  static String text(WebSearchResult result, boolean json) {
    return json ? SearchJson.of(result).toJson() : WebSearchRendering.render(result);
  }

  /** What {@code dsh search} prints for {@code error}, without the final newline. */
  static String text(WebError error, boolean json) {
    return json ? ErrorJson.of(error).toJson() : "Error: " + error.getMessage();
  }

  private static WebSearchResult await(Host host, WebSearchRequest request, Duration timeout) {
    try {
      return host.search(request.withTimeout(timeout), AbortSignal.never()).toCompletableFuture()
          .get();
    } catch (ExecutionException e) {
      throw WebError.of(e, "search");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new WebError(WebErrorCodes.WEB_ABORTED, "interrupted", e);
    }
  }
}

