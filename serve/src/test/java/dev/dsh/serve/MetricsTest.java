package dev.dsh.serve;

import static dev.dsh.serve.PromText.key;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.ScopeState;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /metrics} names and labels after a few searches and failures. */
class MetricsTest {

  private static final long HANG_BOUND_MILLIS = 20_000;
  private static final String QUERY = "zebra-query-81";

  @TempDir Path home;

  @Test
  void searchesFailuresScopesAndReloadsAreCountedWithBoundedLabels() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      assertThat(served.postJson("/api/search", query()).statusCode()).isEqualTo(200);
      assertThat(served.postJson("/api/search", query()).statusCode()).isEqualTo(200);
      stub.answer(StubReply.status(500, "{}"));
      assertThat(served.postJson("/api/search", query()).statusCode()).isEqualTo(502);
      stub.answer(StubReply.status(429, "{}"));
      assertThat(served.postJson("/api/search", query()).statusCode()).isEqualTo(429);

      // The meters hear of a search's end just after its answer went out: wait for the last one.
      String lastError = key("dsh_search_duration_seconds_count", "provider", "yuanbao",
          "outcome", "error");
      awaitScrape(served, s -> s.getOrDefault(lastError, 0.0) == 2.0);
      HttpResponse<String> response = served.get("/metrics");
      Map<String, Double> samples = PromText.samples(response.body());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.headers().firstValue("Content-Type")).hasValue(
          "text/plain; version=0.0.4; charset=utf-8");
      assertThat(samples).containsEntry(
          key("dsh_searches_total", "provider", "yuanbao", "outcome", "ok", "code", "none"), 2.0);
      assertThat(samples).containsEntry(key("dsh_searches_total", "provider", "yuanbao",
          "outcome", "error", "code", "WEB_PROVIDER_ERROR"), 2.0);
      assertThat(samples).containsEntry(
          key("dsh_search_duration_seconds_count", "provider", "yuanbao", "outcome", "ok"), 2.0);
      assertThat(samples).containsEntry(key("dsh_search_duration_seconds_bucket",
          "provider", "yuanbao", "outcome", "error", "le", "3600.0"), 2.0);
      assertThat(samples).containsKey(key("dsh_search_duration_seconds_bucket",
          "provider", "yuanbao", "outcome", "ok", "le", "0.05"));
      assertThat(samples).containsEntry("dsh_searches_in_flight", 0.0);
      assertThat(samples).containsEntry(key("dsh_search_queue_depth", "provider", "yuanbao"), 0.0);
      assertThat(samples).containsEntry(key("dsh_reloads_total", "result", "ok"), 1.0);
      long active = served.host().scopes().stream()
          .filter(scope -> scope.state() == ScopeState.ACTIVE).count();
      assertThat(active).isPositive();
      assertThat(samples).containsEntry(key("dsh_scopes", "state", "active"), (double) active);
      assertThat(samples).containsEntry(key("dsh_scopes", "state", "failed"), 0.0);
      assertThat(samples.keySet()).anyMatch(named("jvm_memory_used_bytes"))
          .anyMatch(named("jvm_gc_")).anyMatch(named("jvm_threads_live_threads"))
          .anyMatch(named("jvm_classes_loaded_classes")).anyMatch(named("system_cpu_count"))
          .anyMatch(named("process_uptime_seconds"));
      assertThat(response.body()).doesNotContain(QUERY, ServedHost.KEY, stub.baseUrl());
    }
  }

  @Test
  void searchesWaitingInTheProvidersLineAreItsQueueDepthAndInFlight() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "maxConcurrentSearches: 1")) {
      stub.holdAnswers();
      HttpClient http = HttpClient.newHttpClient();
      List<CompletableFuture<HttpResponse<String>>> searches = new ArrayList<>();
      try {
        for (int i = 0; i < 3; i++) {
          searches.add(http.sendAsync(served.request("/api/search")
              .header("Content-Type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString(query())).build(),
              HttpResponse.BodyHandlers.ofString()));
        }
        // A scrape reads one gauge after the other, so the third search may enter between them.
        awaitScrape(served,
            s -> s.getOrDefault(key("dsh_search_queue_depth", "provider", "yuanbao"), -1.0) == 2.0
                && s.getOrDefault("dsh_searches_in_flight", -1.0) == 3.0);
      } finally {
        stub.release();
      }
      for (CompletableFuture<HttpResponse<String>> search : searches) {
        assertThat(search.get(HANG_BOUND_MILLIS, TimeUnit.MILLISECONDS).statusCode())
            .isEqualTo(200);
      }
      awaitScrape(served, s -> s.getOrDefault("dsh_searches_in_flight", -1.0) == 0.0
          && s.getOrDefault(key("dsh_search_queue_depth", "provider", "yuanbao"), -1.0) == 0.0);
    }
  }

  @Test
  void aReloadWithProblemsIsCountedApart() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      Files.writeString(home.resolve("profiles/default/profile.yml"), "bundles: [nope\n");
      assertThat(served.host().reload()).isNotEmpty();

      Map<String, Double> samples = PromText.samples(served.get("/metrics").body());

      assertThat(samples).containsEntry(key("dsh_reloads_total", "result", "ok"), 1.0)
          .containsEntry(key("dsh_reloads_total", "result", "problems"), 1.0);
      assertThat(served.host().scopes()).extracting(ScopeInfo::id).isNotEmpty();
    }
  }

  private static String query() {
    return "{\"query\": \"" + QUERY + "\"}";
  }

  private static Predicate<String> named(String prefix) {
    return sample -> sample.startsWith(prefix);
  }

  /** Scrapes until {@code test} holds, within the hang bound. */
  private static Map<String, Double> awaitScrape(
      ServedHost served, Predicate<Map<String, Double>> test) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANG_BOUND_MILLIS);
    Map<String, Double> samples = PromText.samples(served.get("/metrics").body());
    while (!test.test(samples)) {
      if (System.nanoTime() > end) {
        throw new AssertionError("not seen within the hang bound: " + samples);
      }
      Thread.sleep(20);
      samples = PromText.samples(served.get("/metrics").body());
    }
    return samples;
  }
}
