package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.fakes.RecordingActivity;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.host.model.SearchRecord.Outcome;
import dev.dsh.host.testing.RealPluginJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A host reports its searches (every door) and its reloads to its activity listener. */
class HostActivityTest {

  private static final String KEY = "sk-activity-canary";

  @TempDir Path home;

  private final RecordingActivity activity = new RecordingActivity();

  private HostOptions options() {
    return new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(Map.of("TENCENTCLOUD_WSA_APIKEY", KEY)), line -> {})
        .withActivity(activity);
  }

  @Test
  void searchesThroughHostSearchAndTheToolAreReportedWithTheServingProvider() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      RealPluginJar.install(home, stub.baseUrl(), "");
      try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
        host.search(WebSearchRequest.of("first"), AbortSignal.never())
            .toCompletableFuture().get(RecordingActivity.HANG_BOUND_SECONDS, TimeUnit.SECONDS);
        SearchRecord direct = activity.nextEnded();
        host.webSearchTool().orElseThrow().call("{\"queries\": [\"second\"]}", AbortSignal.never())
            .toCompletableFuture().get(RecordingActivity.HANG_BOUND_SECONDS, TimeUnit.SECONDS);
        SearchRecord tool = activity.nextEnded();

        assertThat(activity.started).containsExactly("first", "second");
        assertThat(List.of(direct.query(), tool.query())).containsExactly("first", "second");
        assertThat(List.of(direct, tool)).allSatisfy(search -> {
          assertThat(search.provider()).contains("yuanbao");
          assertThat(search.outcome()).isEqualTo(Outcome.OK);
        });
        assertThat(host.queueDepths()).containsExactly(Map.entry("yuanbao", 0));
      }
    }
  }

  @Test
  void aFailedSearchIsAnErrorWithItsCode() throws Exception {
    try (SearchProStub stub = SearchProStub.answering(StubReply.status(500, "{}"))) {
      RealPluginJar.install(home, stub.baseUrl(), "");
      try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
        host.search(WebSearchRequest.of("q"), AbortSignal.never())
            .handle((r, e) -> e).toCompletableFuture()
            .get(RecordingActivity.HANG_BOUND_SECONDS, TimeUnit.SECONDS);

        SearchRecord search = activity.nextEnded();
        assertThat(search.provider()).contains("yuanbao");
        assertThat(search.outcome()).isEqualTo(Outcome.ERROR);
        assertThat(search.code()).contains(WebErrorCodes.WEB_PROVIDER_ERROR);
      }
    }
  }

  @Test
  void theBootAndEachReloadAreReportedWithTheirProblems() throws IOException {
    RealPluginJar.install(home, "http://127.0.0.1:9", "");
    try (Host host = Host.serveWithoutWatching(options(), LifecycleListener.none())) {
      assertThat(activity.reloads).containsExactly(List.of());

      Files.writeString(home.resolve("profiles/default/profile.yml"), "bundles: [nope\n");
      List<String> problems = host.reload();

      assertThat(activity.reloads).hasSize(2);
      assertThat(activity.reloads.get(1)).hasSize(problems.size()).isNotEmpty();
      assertThat(activity.reloads.get(1).get(0)).startsWith("profile not applied");
      assertThat(String.join("\n", activity.reloads.get(1))).doesNotContain(KEY);
    }
  }
}
