package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.tool.WebSearchTool;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.definition.ToolDefinition;

/** The callback on its own: what it offers, and that a call always comes back. */
class WebSearchToolCallbackTest {

  private static final String QUERY = "{\"queries\":[\"DeepSeek R1\"]}";

  @Test
  void itOffersTheHostToolsNameDescriptionAndSchema() {
    ToolDefinition definition =
        WebSearchToolCallback.of(RecordingWebService.answering()).getToolDefinition();

    assertThat(definition.name()).isEqualTo("web_search");
    assertThat(definition.description()).isEqualTo(WebSearchTool.DESCRIPTION);
    assertThat(definition.inputSchema()).isEqualTo(WebSearchTool.schema());
  }

  @Test
  void aToolContextIsIgnored() {
    WebSearchToolCallback callback = WebSearchToolCallback.of(RecordingWebService.answering());

    assertThat(callback.call(QUERY, new ToolContext(Map.of("user", "ada"))))
        .isEqualTo(callback.call(QUERY));
  }

  @Test
  void eachSearchCarriesTheToolsTimeoutForTheServiceToKeep() {
    RecordingWebService web = RecordingWebService.answering();
    WebSearchTool tool = new WebSearchTool(web, () -> Duration.ofMillis(300));

    new WebSearchToolCallback(() -> Optional.of(tool)).call(QUERY);

    assertThat(web.searches()).singleElement()
        .satisfies(search -> assertThat(search.request().timeout()).hasMillis(300));
  }

  @Test
  void anInterruptedCallerGetsItsSearchesAbortedAndKeepsItsInterrupt() throws Exception {
    RecordingWebService hanging = RecordingWebService.hanging();
    WebSearchTool tool = new WebSearchTool(hanging, () -> Duration.ofMinutes(5));
    WebSearchToolCallback callback =
        new WebSearchToolCallback(() -> Optional.of(tool));
    CompletableFuture<String> text = new CompletableFuture<>();
    CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
    Thread caller =
        new Thread(
            () -> {
              text.complete(callback.call(QUERY));
              interrupted.complete(Thread.currentThread().isInterrupted());
            });
    caller.start();
    while (hanging.searches().isEmpty()) {
      Thread.sleep(5);
    }

    caller.interrupt();

    assertThat(text.get(10, TimeUnit.SECONDS)).isEqualTo("Error: web search was interrupted");
    assertThat(interrupted.get(10, TimeUnit.SECONDS)).isTrue();
    assertThat(hanging.searches().get(0).signal().aborted()).isTrue();
  }

  @Test
  void withoutTheToolRowTheModelIsToldSo() {
    WebSearchToolCallback callback =
        new WebSearchToolCallback(Optional::empty);

    assertThat(callback.call(QUERY))
        .isEqualTo("Error: the \"tool-web\" row is disabled or not running");
  }
}
