package dev.dsh.app.bench;

import io.modelcontextprotocol.client.McpAsyncClient;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code dsh serve} under load, in one sitting with its peers (BENCHMARKS.md, (h)): a stub in its
 * own JVM holding every answer 200 ms; 64 callers straight into an embedded host's {@code
 * ctx.web}; 64 MCP clients over Streamable HTTP against {@code dsh serve} in a JVM of its own,
 * then again beside 1,000 idle sessions; {@code POST /api/search} at c=64 without and with
 * {@code /metrics} scraped every second; 64 calls at once through {@code dsh mcp} over stdio.
 * Prints the figures and the targets missed (a benchmark: it never fails the build).
 */
public final class ServeHarness {

  private static final int CALLERS = 64;
  private static final long HOLD_MILLIS = 200;
  private static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JsonMapper.builder().build());

  private ServeHarness() {}

  public static void main(String[] args) throws Exception {
    double seconds = Double.parseDouble(System.getProperty("dsh.serve.seconds", "60"));
    double warmup = Double.parseDouble(System.getProperty("dsh.serve.warmup", "15"));
    int port = Integer.getInteger("dsh.serve.port", 18719);
    List<String> missed = new ArrayList<>();
    try (DelayStubMain.Process stub = new DelayStubMain.Process(HOLD_MILLIS)) {
      String cap = "maxConcurrentSearches: " + CALLERS;
      CallerLoop.Run embedded;
      try (BenchHost bench = BenchHost.start(stub.baseUrl(), cap)) {
        CallerLoop.run(CALLERS, warmup, c -> search(bench), ok -> true);
        embedded = CallerLoop.run(CALLERS, seconds, c -> search(bench), ok -> true);
      }
      print("embedded ctx.web", embedded, null);

      Path home = BenchHost.home(stub.baseUrl(), cap);
      try (ServerProcess server = ServerProcess.serve(home, port, "--max-sessions", "2000")) {
        ProcessHandle pid = server.process.toHandle();
        List<McpAsyncClient> clients = new ArrayList<>();
        for (int c = 0; c < CALLERS; c++) {
          clients.add(initialized(httpTransport(server)));
        }
        CallerLoop.run(CALLERS, warmup, c -> call(clients.get(c)), ServeHarness::answered);
        Measured mcp = measured(pid, seconds, c -> call(clients.get(c)), ServeHarness::answered);
        print("MCP over HTTP, 64 sessions", mcp.run, mcp);
        System.out.println("serve: the server's threads after it: "
            + ServerProcess.threadNames(pid.pid()));
        check(missed, mcp.run.perSecond() >= 0.9 * embedded.perSecond(), "MCP throughput");
        check(missed, mcp.run.percentileMillis(99) <= embedded.percentileMillis(99) + 40, "MCP p99");
        // The servlet transport holds a container thread per call in flight; the JVM's own
        // threads (GC, compilers) are not the server's.
        check(missed, mcp.maxServerThreads <= CALLERS + 40, "server threads");
        check(missed, mcp.run.failures() == 0, "MCP failures");

        int idle = openIdleSessions(server, 1_000);
        Measured beside = measured(pid, seconds, c -> call(clients.get(c)), ServeHarness::answered);
        double heap = ServerProcess.heapAfterFullGcMiB(pid.pid());
        print("MCP over HTTP, 64 sessions beside " + idle + " idle", beside.run, beside);
        System.out.printf("serve: heap after a full GC with %d idle sessions: %.1f MiB (target <= 150)%n",
            idle, heap);
        check(missed, idle == 1_000 && beside.run.failures() == 0, "1,000 idle sessions");
        check(missed, heap <= 150, "heap with idle sessions");
        clients.forEach(McpAsyncClient::close);

        HttpClient http = HttpClient.newHttpClient();
        Measured api = measured(pid, seconds, c -> apiSearch(http, server), ok -> ok);
        print("POST /api/search", api.run, api);
        Measured scraped;
        ScheduledExecutorService scraper = Executors.newSingleThreadScheduledExecutor();
        AtomicInteger scrapes = new AtomicInteger();
        try {
          scraper.scheduleAtFixedRate(() -> scrape(http, server, scrapes), 0, 1, TimeUnit.SECONDS);
          scraped = measured(pid, seconds, c -> apiSearch(http, server), ok -> ok);
        } finally {
          scraper.shutdownNow();
        }
        print("POST /api/search, /metrics scraped " + scrapes.get() + " times", scraped.run, scraped);

        // dsh mcp over stdio: 64 calls at once through its one session, the server's CPU per call.
        Measured stdio = stdio(home, seconds, warmup);
        print("dsh mcp over stdio, 64 calls at once", stdio.run, stdio);
        double ratio = mcp.cpuPerCallMicros() / stdio.cpuPerCallMicros();
        System.out.printf("serve: server CPU per call, HTTP / stdio = %.2f (target <= 2.0)%n", ratio);
        check(missed, ratio <= 2.0, "CPU per call ratio");
      } finally {
        BenchHost.delete(home);
      }
    }
    System.out.println(missed.isEmpty() ? "serve: every target met" : "serve: missed " + missed);
  }

  /**
   * A run with the server's CPU over it, and its most threads in all and in the HTTP server's
   * pool ({@code dsh-http}, the container threads), sampled every 200 ms.
   */
  private record Measured(CallerLoop.Run run, Duration cpu, int maxThreads, int maxServerThreads,
      int maxHttpThreads) {
    double cpuPerCallMicros() {
      return cpu.toNanos() / 1000.0 / run.calls();
    }
  }

  private static <T> Measured measured(ProcessHandle server, double seconds,
      java.util.function.IntFunction<CompletableFuture<T>> call,
      java.util.function.Predicate<T> ok) throws Exception {
    ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
    AtomicInteger most = new AtomicInteger();
    AtomicInteger mostServer = new AtomicInteger();
    AtomicInteger mostHttp = new AtomicInteger();
    sampler.scheduleAtFixedRate(() -> {
      try {
        most.accumulateAndGet(ServerProcess.threads(server.pid()), Math::max);
        mostServer.accumulateAndGet(ServerProcess.serverThreads(server.pid()), Math::max);
        mostHttp.accumulateAndGet(ServerProcess.threads(server.pid(), "dsh-http"), Math::max);
      } catch (Exception e) {
        // the process ended: the run will say so
      }
    }, 0, 200, TimeUnit.MILLISECONDS);
    Duration before = ServerProcess.cpu(server);
    try {
      CallerLoop.Run run = CallerLoop.run(CALLERS, seconds, call, ok);
      return new Measured(run, ServerProcess.cpu(server).minus(before), most.get(),
          mostServer.get(), mostHttp.get());
    } finally {
      sampler.shutdownNow();
    }
  }

  private static Measured stdio(Path home, double seconds, double warmup) throws Exception {
    List<String> command = ServerProcess.java(home);
    command.add("mcp");
    StdioClientTransport transport = new StdioClientTransport(ServerParameters
        .builder(command.get(0)).args(command.subList(1, command.size())).build(), MAPPER);
    transport.setStdErrorHandler(line -> {});
    java.util.Set<Long> before = new java.util.HashSet<>();
    ProcessHandle.current().children().forEach(p -> before.add(p.pid()));
    McpAsyncClient client = initialized(transport);
    try {
      ProcessHandle server = ProcessHandle.current().children()
          .filter(p -> !before.contains(p.pid())).findFirst().orElseThrow();
      CallerLoop.run(CALLERS, warmup, c -> call(client), ServeHarness::answered);
      return measured(server, seconds, c -> call(client), ServeHarness::answered);
    } finally {
      client.closeGracefully().block(Duration.ofSeconds(30));
    }
  }

  private static McpClientTransport httpTransport(ServerProcess server) {
    return HttpClientStreamableHttpTransport.builder(server.url.toString()).endpoint("/mcp")
        .jsonMapper(MAPPER)
        .httpRequestCustomizer((request, method, uri, body, context) ->
            request.header("Authorization", "Bearer " + ServerProcess.TOKEN))
        .build();
  }

  private static McpAsyncClient initialized(McpClientTransport transport) {
    McpAsyncClient client = McpClient.async(transport).requestTimeout(Duration.ofSeconds(60))
        .initializationTimeout(Duration.ofSeconds(60)).build();
    client.initialize().block(Duration.ofSeconds(60));
    return client;
  }

  private static final AtomicLong QUERIES = new AtomicLong();

  private static CompletableFuture<CallToolResult> call(McpAsyncClient client) {
    return client.callTool(new CallToolRequest("web_search",
        Map.of("queries", List.of("q" + QUERIES.incrementAndGet())))).toFuture();
  }

  private static boolean answered(CallToolResult result) {
    return !Boolean.TRUE.equals(result.isError());
  }

  private static CompletableFuture<?> search(BenchHost bench) {
    return bench.host.search(new dev.dsh.api.web.WebSearchRequest("q" + QUERIES.incrementAndGet(),
        null), dev.dsh.api.AbortSignal.never()).toCompletableFuture();
  }

  private static CompletableFuture<Boolean> apiSearch(HttpClient http, ServerProcess server) {
    HttpRequest request = HttpRequest.newBuilder(server.url.resolve("/api/search"))
        .header("Authorization", "Bearer " + ServerProcess.TOKEN)
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(
            "{\"query\":\"q" + QUERIES.incrementAndGet() + "\"}"))
        .build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
        .thenApply(response -> response.statusCode() == 200);
  }

  private static void scrape(HttpClient http, ServerProcess server, AtomicInteger scrapes) {
    try {
      HttpResponse<String> metrics = http.send(HttpRequest.newBuilder(server.url.resolve("/metrics"))
          .header("Authorization", "Bearer " + ServerProcess.TOKEN).build(),
          HttpResponse.BodyHandlers.ofString());
      if (metrics.statusCode() == 200 && metrics.body().contains("dsh_searches_total")) {
        scrapes.incrementAndGet();
      }
    } catch (Exception e) {
      // counted as a missed scrape
    }
  }

  /** Opens {@code count} sessions (initialize, then initialized) and leaves them idle. */
  private static int openIdleSessions(ServerProcess server, int count) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    int opened = 0;
    for (int i = 0; i < count; i++) {
      HttpResponse<String> init = http.send(mcpPost(server, null,
          "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
              + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"idle\",\"version\":\"1\"}}}"),
          HttpResponse.BodyHandlers.ofString());
      String session = init.headers().firstValue("Mcp-Session-Id").orElse(null);
      if (init.statusCode() != 200 || session == null) {
        System.out.println("serve: idle session " + i + " refused: " + init.statusCode());
        break;
      }
      http.send(mcpPost(server, session,
          "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}"),
          HttpResponse.BodyHandlers.discarding());
      opened++;
    }
    return opened;
  }

  private static HttpRequest mcpPost(ServerProcess server, String session, String body) {
    HttpRequest.Builder request = HttpRequest.newBuilder(server.url.resolve("/mcp"))
        .header("Authorization", "Bearer " + ServerProcess.TOKEN)
        .header("Content-Type", "application/json")
        .header("Accept", "application/json, text/event-stream")
        .POST(HttpRequest.BodyPublishers.ofString(body));
    if (session != null) {
      request.header("Mcp-Session-Id", session);
    }
    return request.build();
  }

  private static void print(String what, CallerLoop.Run run, Measured measured) {
    System.out.printf("serve: %s: %s%s%n", what, run.describe(), measured == null ? ""
        : String.format(", server CPU per call %.0f us, threads at most %d (the server's own %d,"
            + " its HTTP pool %d)", measured.cpuPerCallMicros(), measured.maxThreads,
            measured.maxServerThreads, measured.maxHttpThreads));
  }

  private static void check(List<String> missed, boolean met, String target) {
    if (!met) {
      missed.add(target);
    }
  }
}
