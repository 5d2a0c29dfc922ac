package dev.dsh.app.cli;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine;

/**
 * {@code dsh run}'s line protocol on a booted host. The input thread only reads and parses: a
 * search is started and its answer queued, so the next line is read while it runs. Every line gets
 * exactly one answer on stdout; answers print in the order the lines were read, except {@code
 * status}, which is answered at once. {@code quit}, {@code exit} and end of input abort the
 * searches still running (each still prints its {@code WEB_ABORTED} answer) and end the loop.
 */
final class RunLoop {

  /** The longest wait for the answers after quit: the web service ends aborted searches. */
  private static final Duration QUIT_GRACE = Duration.ofSeconds(15);

  private final Host host;
  private final InputStream in;
  private final PrintStream err;
  private final AbortController quitting = new AbortController();
  /**
   * One parser for every search line, run by the input thread only: building picocli's model
   * takes milliseconds, and each line's deadline starts when it is read, so lines read together
   * keep deadlines as close as the queue's rule needs (Yuanbao sends nothing with under 50 ms
   * left).
   */
  private final SearchOptions lineOptions = new SearchOptions();
  private final CommandLine searchLine = new CommandLine(lineOptions);

  RunLoop(Host host, InputStream in, PrintStream err) {
    this.host = host;
    this.in = in;
    this.err = err;
  }

  /** Serves until quit or end of input, printing answers to {@code out}. */
  void serve(PrintStream out) throws IOException {
    try (RunAnswers answers = new RunAnswers(out)) {
      InputLines lines = new InputLines(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (InputLines.Line line = lines.next(); line != null; line = lines.next()) {
        boolean more = true;
        try {
          more = handle(line, answers);
        } catch (RuntimeException e) {
          // A bug must not end the server: the line is answered and the next one read.
          answers.inOrder("Error: internal error: " + UsageException.echo(String.valueOf(e), 500));
        }
        if (!more) {
          break;
        }
      }
      quit(answers);
    }
  }

  /** Answers one line; false when the loop should end. */
  private boolean handle(InputLines.Line line, RunAnswers answers) {
    if (line.tooLong()) {
      answers.inOrder(usage(line.text().contains("--json"),
          "the line is " + line.length() + " characters long; at most "
              + InputLines.MAX_CHARS + " are read"));
      return true;
    }
    String text = line.text().strip();
    if (text.isEmpty()) {
      return true;
    }
    List<String> words;
    try {
      words = InputLines.words(text);
    } catch (UsageException e) {
      answers.inOrder(usage(text.contains("--json"), e.getMessage()));
      return true;
    }
    String command = words.get(0).toLowerCase(Locale.ROOT);
    switch (command) {
      case "quit", "exit" -> {
        return false;
      }
      case "status" -> answers.atOnce(host.status().toJson());
      case "search" -> search(words.subList(1, words.size()), answers);
      default ->
          answers.inOrder(usage(words.contains("--json"),
              "unknown command \"" + UsageException.echo(words.get(0))
                  + "\": use search, status or quit"));
    }
    return true;
  }

  private void search(List<String> arguments, RunAnswers answers) {
    WebSearchRequest request;
    try {
      searchLine.parseArgs(arguments.toArray(String[]::new)); // resets the options first
      request = lineOptions.request();
    } catch (CommandLine.ParameterException | UsageException | IllegalArgumentException e) {
      String why = UsageException.echo(e.getMessage(), 500);
      answers.inOrder(usage(arguments.contains("--json"), "search: " + why));
      return;
    }
    answers.inOrder(start(request, lineOptions.json, lineOptions.timeout));
  }

  private CompletableFuture<String> start(
      WebSearchRequest request, boolean json, Duration timeout) {
    AbortController controller = AbortController.linkedTo(quitting.signal());
    CompletableFuture<String> answer;
    try {
      answer = host.search(request.withTimeout(timeout), controller.signal()).toCompletableFuture()
          .handle((result, failure) -> failure == null ? SearchCommand.text(result, json)
              : SearchCommand.text(WebError.of(failure, "search"), json));
    } catch (RuntimeException e) {
      answer = CompletableFuture.completedFuture(
          SearchCommand.text(WebError.of(e, "search"), json));
    }
    answer.whenComplete((text, error) -> controller.close()); // unlinks from the quit signal
    return answer;
  }

  /** Aborts what still runs and waits for every answer to print. */
  private void quit(RunAnswers answers) {
    quitting.abort(new WebError(WebErrorCodes.WEB_ABORTED, "dsh run is quitting"));
    if (!answers.awaitPrinted(QUIT_GRACE)) {
      err.println("dsh: some answers were not printed before quitting");
    }
  }

  /** The answer to a line that cannot be run: {@code Error: …}, or a USAGE error object. */
  static String usage(boolean json, String message) {
    return json ? ErrorJson.of("USAGE", message).toJson() : "Error: " + message;
  }
}
