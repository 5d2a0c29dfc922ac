package dev.dsh.yuanbao;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicLong;

/**
 * (f) How many tasks an HTTP executor runs a search, one search at a time against a loopback stub
 * answering the bench body: the hand-offs a search pays for, counted rather than timed. Beside the
 * provider's executor, the JDK's client on a cached pool (the peer's) behind a counting executor,
 * with a blocking {@code send} and with {@code sendAsync}. Arguments: rounds, searches per round.
 */
public final class TasksPerSearchMain {

  private TasksPerSearchMain() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int searches = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    String body = Files.readString(
        Path.of(Objects.requireNonNull(System.getProperty("dsh.bench.body"), "dsh.bench.body")),
        StandardCharsets.UTF_8);
    ExecutorService cached = Executors.newCachedThreadPool();
    AtomicLong jdkTasks = new AtomicLong();
    Executor counting = task -> {
      jdkTasks.incrementAndGet();
      cached.execute(task);
    };
    HttpClient jdk = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1).executor(counting).build();
    try (SearchProStub stub = SearchProStub.answering(StubReply.json(body));
        YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(stub.baseUrl()))) {
      HttpRequest post = HttpRequest.newBuilder(URI.create(stub.baseUrl() + "/SearchPro"))
          .POST(HttpRequest.BodyPublishers.ofString("{\"Query\":\"q\",\"Cnt\":50}")).build();
      for (int i = 0; i < searches; i++) {
        TestSupport.search(provider, "q"); // warm-up, and the clients' selectors and connections
        jdk.send(post, HttpResponse.BodyHandlers.ofByteArray());
      }
      ThreadPoolExecutor executor = (ThreadPoolExecutor)
          Objects.requireNonNull(provider.client()).executor().orElseThrow();
      for (int r = 1; r <= rounds; r++) {
        long ours = executor.getTaskCount();
        for (int i = 0; i < searches; i++) {
          TestSupport.search(provider, "q");
        }
        long send = jdkTasks.get();
        for (int i = 0; i < searches; i++) {
          jdk.send(post, HttpResponse.BodyHandlers.ofByteArray());
        }
        long sendAsync = jdkTasks.get();
        for (int i = 0; i < searches; i++) {
          jdk.sendAsync(post, HttpResponse.BodyHandlers.ofByteArray()).join();
        }
        System.out.printf(
            "round %d, executor tasks a search: ours %.2f, JDK send %.2f, JDK sendAsync %.2f%n",
            r, (executor.getTaskCount() - ours) / (double) searches,
            (sendAsync - send) / (double) searches,
            (jdkTasks.get() - sendAsync) / (double) searches);
      }
    } finally {
      cached.shutdown();
    }
  }
}
