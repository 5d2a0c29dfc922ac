package dev.dsh.app.bench;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
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
 * ratio is the provider's whole overhead. The bare client has the provider's settings (HTTP/1.1,
 * no redirects, an executor of its own) and uses the blocking {@code send}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
// No JVM flag: the machine's CPUs (2 here). SearchOneCpuBenchmark runs the same with one CPU.
@Fork(3)
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
    bare = bareClient();
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

  /**
   * The provider's client settings: HTTP/1.1, no redirects, an executor of its own sized like the
   * provider's (max(4, 2 x CPUs) threads).
   */
  static HttpClient bareClient() {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .followRedirects(HttpClient.Redirect.NEVER)
        .executor(
            Executors.newFixedThreadPool(
                Math.max(4, 2 * Runtime.getRuntime().availableProcessors()),
                task -> {
                  Thread thread = new Thread(task, "bench-bare-http");
                  thread.setDaemon(true);
                  return thread;
                }))
        .build();
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
