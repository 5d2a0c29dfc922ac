package dev.dsh.examples;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;

/** Starts a host from a home folder and a profile, searches, runs the web_search tool, closes. */
public final class EmbeddingExample {

  public static void main(String[] args) {
    run(Path.of(args[0]), System.out);
  }

  public static void run(Path home, PrintStream out) {
    // Loads the jars in <home>/plugins and applies the profile's rows; close() undoes it all.
    try (Host host = Host.start(HostOptions.of(home, "default"))) {
      // ctx.web: one search, through whichever provider the profile selects
      WebService web = host.web().orElseThrow();
      WebSearchResult result =
          web.search(new WebSearchRequest("DeepSeek R1", 5), AbortSignal.timeout(Duration.ofSeconds(30)))
              .toCompletableFuture()
              .join(); // fails with a WebError (its code() says why) when the search fails
      for (WebSearchSource source : result.sources()) {
        out.println(source.title() + " <" + source.url() + ">");
      }

      // the model-facing tool: JSON arguments in, the text the model reads out
      WebSearchTool tool = host.webSearchTool().orElseThrow();
      ToolResult answer =
          tool.call("{\"queries\": [\"DeepSeek R1\", \"mixture of experts\"]}", AbortSignal.never())
              .toCompletableFuture()
              .join(); // never fails: a failure is a result with isError() and "Error: ..." text
      out.println(answer.text());
    }
  }
}
