package dev.dsh.app.bench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code dsh} command ({@code serve}, or {@code mcp} for its stdio peer) in a JVM of its own, on
 * the harness's class path, measured from outside: CPU time, live threads, heap after a full
 * collection (through {@code jcmd}).
 */
final class ServerProcess implements AutoCloseable {

  static final String TOKEN = "bench-token-00112233445566778899aabbccddeeff";

  final Process process;
  final URI url;

  private ServerProcess(Process process, URI url) {
    this.process = process;
    this.url = url;
  }

  /** {@code dsh --home home serve --port port --token-file …} with {@code more} flags, once ready. */
  static ServerProcess serve(Path home, int port, String... more) throws Exception {
    Path token = home.resolve("bench-token");
    Files.writeString(token, TOKEN + "\n");
    List<String> command = java(home);
    command.addAll(List.of("serve", "--port", Integer.toString(port), "--token-file",
        token.toString()));
    command.addAll(List.of(more));
    Process process = new ProcessBuilder(command)
        .redirectOutput(ProcessBuilder.Redirect.DISCARD)
        .redirectError(home.resolve("serve.err").toFile())
        .start();
    ServerProcess server = new ServerProcess(process, URI.create("http://127.0.0.1:" + port));
    server.awaitReady();
    return server;
  }

  /** The command line of a {@code dsh --home home} JVM, the subcommand left to add. */
  static List<String> java(Path home) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // The launcher's own heap setting for serve and mcp: the JVM's defaults (docs/cli.md).
    String jvm = System.getProperty("dsh.serve.jvm", "");
    if (!jvm.isBlank()) {
      command.addAll(List.of(jvm.strip().split(" +")));
    }
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        "dev.dsh.app.cli.DshMain", "--home", home.toString()));
    return command;
  }

  private void awaitReady() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException("dsh serve ended with " + process.exitValue());
      }
      try {
        HttpResponse<String> ready = http.send(HttpRequest.newBuilder(url.resolve("/readyz"))
            .build(), HttpResponse.BodyHandlers.ofString());
        if (ready.statusCode() == 200) {
          return;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new IllegalStateException("dsh serve was not ready within 60 s");
  }

  /** CPU time of {@code process} so far, user and system. */
  static Duration cpu(ProcessHandle process) {
    return process.info().totalCpuDuration().orElseThrow();
  }

  /** Live threads of {@code pid}, from {@code /proc}. */
  static int threads(long pid) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
      if (line.startsWith("Threads:")) {
        return Integer.parseInt(line.substring("Threads:".length()).strip());
      }
    }
    throw new IllegalStateException("no thread count for " + pid);
  }

  /** The names HotSpot gives its own threads (garbage collection, compilers, VM services). */
  private static final Pattern JVM_THREAD = Pattern.compile("(GC Thread|G1 |C[12] Compiler"
      + "|VM |Reference Handl|Finalizer|Signal Dispatch|Service Thread|Monitor Deflati"
      + "|Common-Cleaner|Notification Th|Attach Listener|Sweeper thread).*\\R?");

  /** Live threads of {@code pid} whose name starts with {@code prefix}, from {@code /proc}. */
  static int threads(long pid, String prefix) throws IOException {
    return threads(pid, name -> name.startsWith(prefix));
  }

  /** Live threads of {@code pid} the JVM did not make for itself: the server's own. */
  static int serverThreads(long pid) throws IOException {
    return threads(pid, name -> !JVM_THREAD.matcher(name).matches());
  }

  private static int threads(long pid, java.util.function.Predicate<String> named)
      throws IOException {
    int count = 0;
    try (java.util.stream.Stream<Path> tasks = Files.list(Path.of("/proc/" + pid + "/task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          if (named.test(Files.readString(task.resolve("comm")))) {
            count++;
          }
        } catch (IOException e) {
          // the thread ended meanwhile
        }
      }
    }
    return count;
  }

  /** The live threads of {@code pid} by name, digits folded ({@code dsh-http-#: 12}). */
  static java.util.Map<String, Long> threadNames(long pid) throws Exception {
    Matcher names = Pattern.compile("(?m)^\"([^\"]*)\"").matcher(jcmd(pid, "Thread.print"));
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    while (names.find()) {
      counts.merge(names.group(1).replaceAll("\\d+", "#"), 1L, Long::sum);
    }
    return counts;
  }

  /** The heap of {@code pid} right after a full collection, in MiB. */
  static double heapAfterFullGcMiB(long pid) throws Exception {
    jcmd(pid, "GC.run");
    String info = jcmd(pid, "GC.heap_info");
    Matcher used = Pattern.compile("used (\\d+)K").matcher(info);
    if (!used.find()) {
      throw new IllegalStateException("no heap figure in: " + info);
    }
    return Long.parseLong(used.group(1)) / 1024.0;
  }

  private static String jcmd(long pid, String command) throws Exception {
    Process jcmd = new ProcessBuilder(
        Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(), Long.toString(pid),
        command).redirectErrorStream(true).start();
    String out = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    jcmd.waitFor(30, TimeUnit.SECONDS);
    return out;
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy(); // SIGTERM: the drain
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      process.destroyForcibly();
    }
  }
}
