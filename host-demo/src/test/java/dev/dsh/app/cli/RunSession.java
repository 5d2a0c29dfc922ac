package dev.dsh.app.cli;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.testing.RealPluginJar;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One {@code dsh run} driven in-process: its stdin is a pipe the test writes command lines into,
 * its stdout and stderr are line logs the test waits on with generous bounds.
 */
final class RunSession implements AutoCloseable {

  /** Bound for anything the host should do "soon": generous, a hang guard only. */
  static final Duration SOON = Duration.ofSeconds(60);

  private final PipedOutputStream stdin;
  private final LineLog out = new LineLog();
  private final LineLog err = new LineLog();
  private final CompletableFuture<Integer> exit = new CompletableFuture<>();
  private final Thread thread;
  private int outRead;

  private RunSession(Path home, Map<String, String> env) throws IOException {
    this.stdin = new PipedOutputStream();
    PipedInputStream in = new PipedInputStream(stdin, 64 * 1024);
    Cli.Io io =
        new Cli.Io(
            in,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            LaunchEnvironment.of(env),
            Optional.of(RealPluginJar.path()));
    this.thread =
        new Thread(
            () -> {
              try {
                exit.complete(DshMain.run(io, "--home", home.toString(), "run"));
              } catch (Throwable t) {
                exit.completeExceptionally(t);
              }
            },
            "test-dsh-run");
    thread.setDaemon(true);
    thread.start();
  }

  static RunSession start(Path home, Map<String, String> env) {
    try {
      return new RunSession(home, env);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Writes one command line to stdin. */
  void send(String line) {
    try {
      stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException e) {
      throw new UncheckedIOException("dsh run no longer reads its input", e);
    }
  }

  /** Closes stdin: end of input. */
  void endInput() {
    try {
      stdin.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The next stdout line, waiting at most {@link #SOON}. */
  String nextLine() {
    String line = out.await(outRead, s -> true, SOON);
    outRead++;
    return line;
  }

  /** Sends {@code command} and returns the one line it prints. */
  String ask(String command) {
    send(command);
    return nextLine();
  }

  /** How many stderr lines there are so far: a mark for {@link #awaitErr}. */
  int errMark() {
    return err.size();
  }

  /** The first stderr line at or after {@code mark} containing {@code text}, waiting at most {@code bound}. */
  String awaitErr(int mark, String text, Duration bound) {
    return err.await(mark, line -> line.contains(text), bound);
  }

  String awaitErr(int mark, String text) {
    return awaitErr(mark, text, SOON);
  }

  List<String> errLines() {
    return err.lines();
  }

  List<String> outLines() {
    return out.lines();
  }

  /** When each stdout line was complete, as {@link System#nanoTime()}, in line order. */
  List<Long> outArrivals() {
    return out.arrivals();
  }

  /** The exit code, waiting at most {@link #SOON}. */
  int awaitExit() throws Exception {
    return exit.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() throws Exception {
    if (!exit.isDone()) {
      try {
        endInput();
      } catch (UncheckedIOException e) {
        // the loop already stopped reading
      }
      try {
        exit.get(SOON.toMillis(), TimeUnit.MILLISECONDS);
      } catch (Exception e) {
        thread.interrupt();
      }
    }
  }

  /** An output stream kept as lines, which other threads can wait on. */
  static final class LineLog extends OutputStream {
    private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
    private final List<String> lines = new ArrayList<>();
    private final List<Long> arrivals = new ArrayList<>();

    @Override
    public synchronized void write(int b) {
      if (b == '\n') {
        lines.add(partial.toString(StandardCharsets.UTF_8));
        arrivals.add(System.nanoTime());
        partial.reset();
        notifyAll();
      } else {
        partial.write(b);
      }
    }

    synchronized int size() {
      return lines.size();
    }

    synchronized List<String> lines() {
      return List.copyOf(lines);
    }

    synchronized List<Long> arrivals() {
      return List.copyOf(arrivals);
    }

    synchronized String await(int from, Predicate<String> wanted, Duration bound) {
      long deadline = System.nanoTime() + bound.toNanos();
      int next = from;
      while (true) {
        for (; next < lines.size(); next++) {
          if (wanted.test(lines.get(next))) {
            return lines.get(next);
          }
        }
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new AssertionError(
              "no matching line within " + bound + "; lines so far:\n" + String.join("\n", lines));
        }
        try {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new AssertionError("interrupted", e);
        }
      }
    }
  }
}
