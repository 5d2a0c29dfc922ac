package dev.dsh.app.bench;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * (e) Abort latency: a Yuanbao search through the host is started and reaches the stub, which
 * holds its answer; the timed part is {@code abort()} until the search has failed with {@code
 * WEB_ABORTED}. Sample mode, for the median and p99.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class AbortBenchmark {

  private StubServer stub;
  private BenchHost host;
  private AbortController controller;
  private CompletableFuture<WebSearchResult> search;

  @Setup
  public void setUp() throws IOException {
    stub = StubServer.holding(StubServer.benchBody());
    host = BenchHost.start(stub.baseUrl());
  }

  @TearDown
  public void tearDown() throws IOException {
    host.close();
    stub.close();
  }

  /** A search in flight, held by the stub. Not timed. */
  @Setup(Level.Invocation)
  public void startSearch() throws InterruptedException {
    controller = new AbortController();
    search =
        host.host
            .search(new WebSearchRequest(SearchBenchmark.QUERY, 50), controller.signal())
            .toCompletableFuture();
    stub.awaitHeld();
  }

  @TearDown(Level.Invocation)
  public void releaseStub() {
    stub.release();
  }

  @Benchmark
  public String abortUntilFailed() {
    controller.abort();
    try {
      search.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof WebError error
          && error.code().equals(WebErrorCodes.WEB_ABORTED)) {
        return error.code();
      }
      throw e;
    }
    throw new IllegalStateException("the aborted search succeeded");
  }
}
