package dev.dsh.app.cli;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code dsh run}: the input thread reads, parses and starts a search; one printer thread owns
 * stdout, printing answers in the order asked ({@code status} overtakes those awaited).
 */
@Command(name = "run", description = "Serve with hot reload. Reads commands from stdin, one a"
    + " line: 'search [--json] [--max-results N] [--timeout D] <query…>', 'status', 'quit'. Every"
    + " line gets one answer on stdout, in the order asked; status answers at once.")
final class RunCommand implements Callable<Integer> {

  // The longest wait for the answers after quit: the web service ends aborted searches.
  private static final Duration QUIT_GRACE = Duration.ofSeconds(15);
  static final int MAX_LINE = 64 * 1024;

  private final Cli cli;
  private final AbortController quitting = new AbortController();
  private final ScheduledThreadPoolExecutor printer = new ScheduledThreadPoolExecutor(1, task -> {
    Thread thread = new Thread(task, "dsh-run-output");
    thread.setDaemon(true);
    return thread;
  });
  private CompletableFuture<Void> printed = CompletableFuture.completedFuture(null);
  // One parser for every line: building picocli's model takes milliseconds, and lines read
  // together must keep deadlines close (Yuanbao sends nothing with under 50 ms left).
  private final SearchOptions lineOptions = new SearchOptions();
  private final CommandLine searchLine = new CommandLine(lineOptions);

  RunCommand(Cli cli) {
    this.cli = cli;
  }

  @Override
  public Integer call() throws IOException {
    try (Host host = Host.serve(cli.bootOptions(), e -> cli.errLine(e.describe()))) {
      // Started now, from host code: a thread started later would inherit whatever code is on
      // the stack then, possibly a plugin's (see DESIGN on class loader pins).
      printer.prestartAllCoreThreads();
      try {
        InputLines lines = new InputLines(cli.io.in(), MAX_LINE, false);
        for (InputLines.Line line = lines.next(); line != null; line = lines.next()) {
          try {
            if (!handle(line, host)) {
              break;
            }
          } catch (RuntimeException e) {
            // A bug must not end the server: the line is answered and the next one read.
            inOrder("Error: internal error: " + UsageException.echo(String.valueOf(e), 500));
          }
        }
        quit();
      } finally { // before the host closes: a status answer still queued asks it
        printer.shutdown();
        try {
          printer.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        printer.shutdownNow();
      }
    }
    return DshMain.OK;
  }

  // False after quit.
  private boolean handle(InputLines.Line line, Host host) {
    if (!line.complete()) {
      inOrder(usage(line.text().contains("--json"), "the line is " + line.size()
          + " bytes long; at most " + MAX_LINE + " are read"));
      return true;
    }
    String text = line.text().strip();
    if (text.isEmpty()) {
      return true;
    }
    List<String> words;
    try {
      words = words(text);
    } catch (UsageException e) {
      inOrder(usage(text.contains("--json"), e.getMessage()));
      return true;
    }
    String command = words.get(0).toLowerCase(Locale.ROOT);
    switch (command) {
      case "quit", "exit" -> {
        return false;
      }
      case "status" -> printer.execute(() -> cli.answer(host.status().toJson()));
      case "search" -> search(words.subList(1, words.size()), host);
      default ->
          inOrder(usage(words.contains("--json"),
              "unknown command \"" + UsageException.echo(words.get(0))
                  + "\": use search, status or quit"));
    }
    return true;
  }

  private void search(List<String> arguments, Host host) {
    WebSearchRequest request;
    try {
      searchLine.parseArgs(arguments.toArray(String[]::new)); // resets the options first
      request = lineOptions.request();
    } catch (CommandLine.ParameterException | IllegalArgumentException e) {
      String why = UsageException.echo(e.getMessage(), 500);
      inOrder(usage(arguments.contains("--json"), "search: " + why));
      return;
    }
    boolean json = lineOptions.json; // the options are the next line's once it is parsed
    AbortController controller = AbortController.linkedTo(quitting.signal());
    CompletableFuture<String> answer = host.search(request, controller.signal())
        .toCompletableFuture()
        .handle((result, failure) -> OneShotCommands.text(result, failure, json));
    answer.whenComplete((text, error) -> controller.close()); // unlinks from the quit signal
    inOrder(answer);
  }

  private void inOrder(CompletableFuture<String> answer) {
    printed = printed.thenAcceptBothAsync(answer, (done, text) -> cli.answer(text), printer);
  }

  private void inOrder(String answer) {
    inOrder(CompletableFuture.completedFuture(answer));
  }

  private void quit() {
    quitting.abort(new WebError(WebErrorCodes.WEB_ABORTED, "dsh run is quitting"));
    boolean done = printed.handle((ok, failure) -> true)
        .completeOnTimeout(false, QUIT_GRACE.toMillis(), TimeUnit.MILLISECONDS).join();
    if (!done) {
      cli.errLine("some answers were not printed before quitting");
    }
  }

  static String usage(boolean json, String message) {
    return json ? ErrorJson.of("USAGE", message).toJson() : "Error: " + message;
  }

  /** {@code line}'s words: spaces separate, single or double quotes group. */
  static List<String> words(String line) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    char quote = 0;
    for (char c : line.toCharArray()) {
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          word.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inWord = true;
      } else if (!Character.isWhitespace(c)) {
        word.append(c);
        inWord = true;
      } else if (inWord) {
        words.add(word.toString());
        word.setLength(0);
        inWord = false;
      }
    }
    if (quote != 0) {
      throw new UsageException("unclosed quote in: " + UsageException.echo(line));
    }
    if (inWord) {
      words.add(word.toString());
    }
    return words;
  }
}
