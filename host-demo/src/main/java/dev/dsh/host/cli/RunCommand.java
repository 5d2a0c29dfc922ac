package dev.dsh.host.cli;

import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.app.Host;
import dev.dsh.host.app.HostOptions;
import dev.dsh.host.app.LeftoverThread;
import dev.dsh.host.plugins.LoadedPlugin;
import dev.dsh.host.runtime.ScopeInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code dsh run}: boots and keeps serving, reloading when the plugins folder or the profile files
 * change, and answers one command per line of standard input: {@code search …}, {@code status},
 * {@code quit}. End of input quits too.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description =
        "Serve with hot reload. Reads commands from stdin, one a line: 'search [--json]"
            + " [--max-results N] <query…>', 'status', 'quit'.")
final class RunCommand implements Callable<Integer> {

  private static final JsonMapper JSON = JsonMapper.builder().build();

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
      BufferedReader in =
          new BufferedReader(new InputStreamReader(cli.io.in(), StandardCharsets.UTF_8));
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        if (!handle(host, line.strip())) {
          break;
        }
      }
    }
    return ExitCodes.OK;
  }

  /** Runs one input line; false when the loop should end. */
  private boolean handle(Host host, String line) {
    PrintStream out = cli.io.out();
    if (line.isEmpty()) {
      return true;
    }
    List<String> words;
    try {
      words = LineWords.split(line);
    } catch (UsageException e) {
      cli.io.err().println("dsh: " + e.getMessage());
      return true;
    }
    switch (words.get(0).toLowerCase(Locale.ROOT)) {
      case "quit", "exit" -> {
        return false;
      }
      case "status" -> {
        out.println(status(host));
        out.flush();
      }
      case "search" -> search(host, words.subList(1, words.size()));
      default ->
          cli.io.err().println(
              "dsh: unknown command \"" + words.get(0) + "\": use search, status or quit");
    }
    return true;
  }

  private void search(Host host, List<String> arguments) {
    SearchOptions options = new SearchOptions();
    CommandLine parser = new CommandLine(new SearchLine(options));
    try {
      parser.parseArgs(arguments.toArray(String[]::new));
      SearchPrinter.searchAndPrint(host, options, cli.io.out());
    } catch (CommandLine.ParameterException | UsageException e) {
      cli.io.err().println("dsh: search: " + e.getMessage());
    }
  }

  /**
   * {@code {"plugins": [...], "scopes": [...], "providers": [...]}} on one line, plus {@code
   * "leftoverThreads": [{"plugin", "thread"}]} while an unloaded plugin's threads still run.
   */
  private static String status(Host host) {
    ObjectNode root = JSON.createObjectNode();
    ArrayNode plugins = root.putArray("plugins");
    for (LoadedPlugin plugin : host.plugins()) {
      plugins
          .addObject()
          .put("id", plugin.id())
          .put("version", plugin.version())
          .put("state", plugin.state().toString());
    }
    ArrayNode scopes = root.putArray("scopes");
    for (ScopeInfo scope : host.scopes()) {
      scopes.addObject().put("id", scope.id()).put("state", scope.state().name());
    }
    ArrayNode providers = root.putArray("providers");
    for (ProviderStatus provider : host.providers()) {
      providers.addObject().put("id", provider.id()).put("available", provider.available());
    }
    // Only while an unloaded plugin's threads still run (issue 10 item 5).
    List<LeftoverThread> left = host.leftoverThreads();
    if (!left.isEmpty()) {
      ArrayNode leftovers = root.putArray("leftoverThreads");
      for (LeftoverThread thread : left) {
        leftovers.addObject().put("plugin", thread.pluginId()).put("thread", thread.thread());
      }
    }
    return JSON.writeValueAsString(root);
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
