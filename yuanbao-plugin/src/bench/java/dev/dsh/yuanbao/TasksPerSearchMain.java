package dev.dsh.yuanbao;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * (f) How many tasks the provider's HTTP executor runs a search, one search at a time against a
 * loopback stub answering the bench body: the hand-offs a search pays for, counted rather than
 * timed. Arguments: rounds, searches per round.
 */
public final class TasksPerSearchMain {

  private TasksPerSearchMain() {}

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    int searches = args.length > 1 ? Integer.parseInt(args[1]) : 2_000;
    String body = Files.readString(
        Path.of(Objects.requireNonNull(System.getProperty("dsh.bench.body"), "dsh.bench.body")),
        StandardCharsets.UTF_8);
    try (SearchProStub stub = SearchProStub.answering(StubReply.json(body));
        YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(stub.baseUrl()))) {
      for (int i = 0; i < searches; i++) {
        TestSupport.search(provider, "q"); // warm-up, and the client's selector and connection
      }
      ThreadPoolExecutor executor = (ThreadPoolExecutor)
          Objects.requireNonNull(provider.client()).executor().orElseThrow();
      for (int r = 1; r <= rounds; r++) {
        long before = executor.getTaskCount();
        for (int i = 0; i < searches; i++) {
          TestSupport.search(provider, "q");
        }
        System.out.printf("round %d: %.2f executor tasks a search%n",
            r, (executor.getTaskCount() - before) / (double) searches);
      }
    }
  }
}
