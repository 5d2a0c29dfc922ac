package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.internal.web.WebServiceImpl;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.ToolExecutionResult;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The executor's ends: a provider that never ends, an interrupted caller, no tool. */
class DshWebSearchToolCallTest {

  private static final long HANG_BOUND_MILLIS = 20_000;
  private static final ToolExecutionRequest CALL =
      ToolExecutionRequest.builder().id("c1").name("web_search")
          .arguments("{\"queries\": [\"DeepSeek\"]}").build();

  @Test
  @Timeout(60) // a hang guard only
  void aSearchPastTheToolsTimeoutIsAnsweredWithItsWordingThoughItsProviderIgnoresTheAbort() {
    WebServiceImpl web = new WebServiceImpl(Optional::empty, LaunchEnvironment.of(Map.of()),
        ActivityListener.NONE, Optional::empty);
    FakeProvider deaf = new FakeProvider("deaf", (r, s) -> new CompletableFuture<>());
    web.registerSearchProvider(deaf);

    ToolExecutionResult result =
        DshWebSearchTool.of(new WebSearchTool(web, () -> Duration.ofMillis(200)))
            .executor().executeWithContext(CALL, null);

    assertThat(result.isError()).isTrue();
    assertThat(result.resultText()).isEqualTo("Error: web search timed out after 200 ms");
    assertThat(deaf.signals()).singleElement()
        .satisfies(signal -> assertThat(signal.aborted()).isTrue());
  }

  @Test
  void anInterruptedCallerAbortsItsSearchAndKeepsItsInterruptStatus() throws Exception {
    FakeWebService web = FakeWebService.answering(new CompletableFuture<WebSearchResult>());
    WebSearchTool tool = new WebSearchTool(web, () -> Duration.ofMillis(HANG_BOUND_MILLIS));
    AtomicReference<ToolExecutionResult> result = new AtomicReference<>();
    AtomicBoolean stillInterrupted = new AtomicBoolean();
    Thread caller =
        new Thread(
            () -> {
              result.set(DshWebSearchTool.of(tool).executor().executeWithContext(CALL, null));
              stillInterrupted.set(Thread.currentThread().isInterrupted());
            });
    caller.start();
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANG_BOUND_MILLIS);
    while (web.searches.isEmpty() && System.nanoTime() < end) {
      Thread.sleep(10);
    }

    caller.interrupt();
    caller.join(HANG_BOUND_MILLIS);

    assertThat(caller.isAlive()).isFalse();
    assertThat(result.get().isError()).isTrue();
    assertThat(result.get().resultText()).isEqualTo("Error: web search was interrupted");
    assertThat(stillInterrupted).isTrue();
    assertThat(web.searches).singleElement()
        .satisfies(search -> assertThat(search.signal().aborted()).isTrue());
  }

  @Test
  void withoutTheHostsToolTheModelIsToldTheRowIsNotRunning() {
    ToolExecutionResult result =
        new DshWebSearchTool(Optional::empty).executor().executeWithContext(CALL, null);

    assertThat(result.isError()).isTrue();
    assertThat(result.resultText())
        .isEqualTo("Error: the \"tool-web\" row is disabled or not running");
  }

  @Test
  void theLegacyExecuteGivesTheSameText() {
    ToolExecutionRequest invalid =
        ToolExecutionRequest.builder().id("c2").name("web_search").arguments("{}").build();
    WebSearchTool tool = new WebSearchTool(FakeWebService.answering(new CompletableFuture<>()));

    assertThat(DshWebSearchTool.of(tool).executor().execute(invalid, null))
        .isEqualTo("Error: invalid web_search arguments: \"queries\" is required");
  }
}
