package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the distribution's real {@code bin/dsh}: {@code serve --port 0} prints the URL with the port it took,
 * answers on it, and the first {@code SIGTERM} drains and exits 0; a second one ends at once.
 */
class ServeLauncherIT {

  private static final long BOUND_SECONDS = 180;
  private static final String TOKEN = "launcher-token-0123456789abcdef0123456789";

  @TempDir Path work;

  @Test
  void servesOnThePrintedPortAndSigtermDrainsAndExitsZero() throws Exception {
    Path token = Files.writeString(work.resolve("token"), TOKEN + "\n");
    Process serve = RealLauncher.in(work).start(Map.of(), "--home",
        work.resolve("home").toString(), "serve", "--port", "0", "--token-file", token.toString());
    BlockingQueue<String> arriving = new LinkedBlockingQueue<>();
    List<String> err = new CopyOnWriteArrayList<>();
    Thread pump = pump(serve, arriving, err);
    try {
      Pattern serving = Pattern.compile(
          "dsh: serving (http://127\\.0\\.0\\.1:(\\d+)) \\(token: " + Pattern.quote(token.toString())
              + "\\)");
      Matcher url = null;
      for (String line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS); line != null;
          line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS)) {
        Matcher m = serving.matcher(line);
        if (m.matches()) {
          url = m;
          break;
        }
      }
      assertThat(url).as("the serving line in %s", err).isNotNull();
      assertThat(Integer.parseInt(url.group(2))).isPositive();
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> live = http.send(
          HttpRequest.newBuilder(URI.create(url.group(1) + "/healthz")).build(),
          HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> noToken = http.send(
          HttpRequest.newBuilder(URI.create(url.group(1) + "/api/status")).build(),
          HttpResponse.BodyHandlers.ofString());
      // Kept alive, idle: the drain does not wait for it (BENCHMARKS.md, "(i) Stopping `dsh serve`").
      HttpResponse<String> status = http.send(
          HttpRequest.newBuilder(URI.create(url.group(1) + "/api/status"))
              .header("Authorization", "Bearer " + TOKEN).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(live.body()).isEqualTo("ok\n");
      assertThat(noToken.statusCode()).isEqualTo(401);
      assertThat(status.statusCode()).isEqualTo(200);

      // kill, not Process.destroy(): destroy also closes the pipes, losing the lines after it.
      Process kill = new ProcessBuilder("kill", "-TERM", String.valueOf(serve.pid())).start();
      assertThat(kill.waitFor()).isZero();

      assertThat(serve.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(serve.exitValue()).as("%s", err).isEqualTo(DshMain.OK);
      pump.join(TimeUnit.SECONDS.toMillis(BOUND_SECONDS)); // stderr read to its end
      assertThat(err).contains("dsh: draining (at most 10000 ms; a second signal ends at once)")
          .doesNotContain(DshMain.FOREIGN_EXIT)
          .noneMatch(line -> line.contains(TOKEN));
    } finally {
      serve.destroyForcibly();
    }
  }

  @Test
  void aSecondSigtermEndsTheDrainAtOnce() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      stub.holdAnswers();
      Path home = work.resolve("home");
      RealPluginJar.install(home, stub.baseUrl(), "");
      Path token = Files.writeString(work.resolve("token"), TOKEN + "\n");
      Process serve = RealLauncher.in(work).start(Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test"),
          "--home", home.toString(), "serve", "--port", "0", "--token-file", token.toString(),
          "--drain", "60s");
      BlockingQueue<String> arriving = new LinkedBlockingQueue<>();
      List<String> err = new CopyOnWriteArrayList<>();
      pump(serve, arriving, err);
      try {
        String url = awaitUrl(arriving, err);
        awaitReady(url); // the server listens before the host has booted
        HttpClient.newHttpClient().sendAsync(
            HttpRequest.newBuilder(URI.create(url + "/api/search"))
                .header("Authorization", "Bearer " + TOKEN)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"held\"}")).build(),
            HttpResponse.BodyHandlers.ofString());
        stub.awaitRequest(Duration.ofSeconds(BOUND_SECONDS));

        signal(serve, "TERM");
        awaitLine(arriving, "dsh: draining (at most 60000 ms; a second signal ends at once)");
        long second = System.nanoTime();
        signal(serve, "TERM");

        // The drain would hold the held search for 60 s; the second signal ends well before.
        assertThat(serve.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
        assertThat(Duration.ofNanos(System.nanoTime() - second)).isLessThan(Duration.ofSeconds(30));
        assertThat(serve.exitValue()).as("%s", err).isEqualTo(143);
      } finally {
        serve.destroyForcibly();
      }
    }
  }

  /** Waits until {@code url}'s {@code /readyz} answers 200; a server not yet listening waits too. */
  static void awaitReady(String url) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(BOUND_SECONDS);
    for (int status = 0; status != 200; Thread.sleep(50)) {
      assertThat(System.nanoTime()).as("ready within the bound").isLessThan(end);
      try {
        status = http.send(HttpRequest.newBuilder(URI.create(url + "/readyz")).build(),
            HttpResponse.BodyHandlers.discarding()).statusCode();
      } catch (ConnectException notYetListening) {
        status = 0;
      }
    }
  }


  private static void signal(Process process, String name) throws Exception {
    // kill, not Process.destroy(): destroy also closes the pipes, losing the lines after it.
    Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start();
    assertThat(kill.waitFor()).isZero();
  }

  private static String awaitUrl(BlockingQueue<String> arriving, List<String> err)
      throws InterruptedException {
    Pattern serving = Pattern.compile("dsh: serving (http://127\\.0\\.0\\.1:\\d+) .*");
    for (String line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS); line != null;
        line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS)) {
      Matcher m = serving.matcher(line);
      if (m.matches()) {
        return m.group(1);
      }
    }
    throw new AssertionError("no serving line in " + err);
  }

  private static void awaitLine(BlockingQueue<String> arriving, String wanted)
      throws InterruptedException {
    for (String line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS); line != null;
        line = arriving.poll(BOUND_SECONDS, TimeUnit.SECONDS)) {
      if (line.equals(wanted)) {
        return;
      }
    }
    throw new AssertionError("no line " + wanted);
  }

  private static Thread pump(Process process, BlockingQueue<String> arriving, List<String> all) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(
          new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          all.add(line);
          arriving.add(line);
        }
      } catch (IOException e) {
        // the process ended
      }
    }, "serve-stderr");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
