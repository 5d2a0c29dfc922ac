package dev.dsh.app.cli;

import dev.dsh.host.Host;
import dev.dsh.host.model.LifecycleListener;
import java.util.concurrent.Callable;
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
      return SearchPrinter.searchAndPrint(
          host, options, EscapedStream.around(cli.io.out(), EscapedStream.LINES));
    }
  }
}
