package dev.dsh.host.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (a) One Yuanbao search through the host's web service ({@code ctx.web.search}: selection, the
 * real plugin jar loaded by PF4J, HTTP to a loopback stub, decode and map of the 50-page body),
 * beside a bare {@link HttpClient} POST fetching the same bytes and doing nothing with them. The
 * ratio is the provider's whole overhead.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
// As the dsh launcher runs the host: on 2 cores the common pool's default parallelism of 1 makes
// the JDK start a thread for every HttpClient response (CompletableFuture's thread-per-task
// fallback); both sides of the comparison run in the same JVM settings.
@Fork(value = 3, jvmArgsAppend = "-Djava.util.concurrent.ForkJoinPool.common.parallelism=2")
public class SearchBenchmark {

  static final String QUERY = "生成式人工智能服务管理 备案 最新进展";

  private StubServer stub;
  private BenchHost host;
  private HttpClient bare;
  private HttpRequest bareRequest;
  private WebSearchRequest request;

  @Setup
  public void setUp() throws IOException {
    stub = StubServer.answering(StubServer.benchBody());
    host = BenchHost.start(stub.baseUrl());
    request = new WebSearchRequest(QUERY, 50);
    bare = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    bareRequest =
        HttpRequest.newBuilder(URI.create(stub.baseUrl() + "/SearchPro"))
            .header("Authorization", "Bearer bench-key")
            .header("Content-Type", "application/json; charset=utf-8")
            .header("Accept", "application/json")
            .POST(
                HttpRequest.BodyPublishers.ofString(
                    "{\"Query\":\"" + QUERY + "\",\"Cnt\":50}", StandardCharsets.UTF_8))
            .build();
    int sources = yuanbaoThroughWeb().sources().size();
    if (sources != 50) {
      throw new IllegalStateException("expected 50 sources, got " + sources);
    }
  }

  @TearDown
  public void tearDown() throws IOException {
    host.close();
    stub.close();
  }

  @Benchmark
  public WebSearchResult yuanbaoThroughWeb() {
    return host.host.search(request, AbortSignal.never()).toCompletableFuture().join();
  }

  @Benchmark
  public byte[] bareHttpClient() throws IOException, InterruptedException {
    return bare.send(bareRequest, HttpResponse.BodyHandlers.ofByteArray()).body();
  }
}
