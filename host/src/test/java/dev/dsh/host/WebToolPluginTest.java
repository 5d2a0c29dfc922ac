package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebService;
import dev.dsh.host.WebToolPlugin.WebToolConfig;
import dev.dsh.host.fakes.FakeContext;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.fakes.MapConfig;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class WebToolPluginTest {

  private final FakeContext webScope = new FakeContext();
  private final FakeContext toolScope = new FakeContext(webScope.services());

  WebToolPluginTest() {
    new WebPlugin(ActivityListener.NONE, Optional::empty).apply(webScope, MapConfig.empty());
  }

  @Test
  void itRequiresWebAndProvidesTheToolUnderItsKey() throws Exception {
    WebToolPlugin plugin = new WebToolPlugin();
    plugin.apply(toolScope, MapConfig.of(Map.of("searchTimeoutMs", 30000)));
    webScope.inject(WebService.KEY).registerSearchProvider(FakeProvider.withSources("memory", 1));

    WebSearchTool tool = toolScope.inject(WebSearchTool.KEY);
    ToolResult result =
        tool.call("{\"queries\": [\"q\"]}", AbortSignal.never())
            .toCompletableFuture()
            .get(5, TimeUnit.SECONDS);

    assertThat(plugin.name()).isEqualTo("tool-web");
    assertThat(plugin.inject()).isEqualTo(Set.of(WebService.KEY));
    assertThat(WebSearchTool.KEY.name()).isEqualTo("tool:web_search");
    assertThat(result.text()).contains("(https://example.com/memory/1)");
  }

  @Test
  void aNewTimeoutIsTakenInPlaceAndAppliesToTheNextCall() throws Exception {
    new WebToolPlugin().apply(toolScope, MapConfig.of(Map.of("searchTimeoutMs", 30000)));
    webScope.inject(WebService.KEY).registerSearchProvider(FakeProvider.hanging("memory"));
    WebSearchTool tool = toolScope.inject(WebSearchTool.KEY);

    boolean inPlace = toolScope.offer(MapConfig.of(Map.of("searchTimeoutMs", 50)));
    ToolResult result =
        tool.call("{\"queries\": [\"q\"]}", AbortSignal.never())
            .toCompletableFuture()
            .get(5, TimeUnit.SECONDS);

    assertThat(inPlace).isTrue();
    assertThat(result)
        .isEqualTo(
            ToolResult.failure(WebErrorCodes.WEB_ABORTED, "web search timed out after 50 ms"));
  }

  @Test
  void aTimeoutOutsideOneMillisecondToOneHourIsAConfigViolationOfItsSchema() {
    SchemaConfigValidator validator = new SchemaConfigValidator();
    assertThatThrownBy(
            () -> validator.validate("tool-web", WebToolConfig.class, Map.of("searchTimeoutMs", 0)))
        .isInstanceOf(ConfigException.class)
        .satisfies(
            e ->
                assertThat(((ConfigException) e).violations())
                    .containsExactly(
                        new ConfigViolation(
                            "/searchTimeoutMs", "must be at least 1 (allowed: 1 to 3600000; got 0)")));
    assertThat(
            validator
                .validate("tool-web", WebToolConfig.class, Map.of("searchTimeoutMs", 3_600_000))
                .bind(WebToolConfig.class)
                .searchTimeoutMs())
        .isEqualTo(3_600_000);
  }

  @Test
  void theDefaultTimeoutIsThirtySeconds() {
    assertThat(new SchemaConfigValidator().validate("tool-web", WebToolConfig.class, Map.of())
            .bind(WebToolConfig.class).searchTimeoutMs())
        .isEqualTo(WebSearchTool.DEFAULT_TIMEOUT.toMillis())
        .isEqualTo(30_000);
  }
}
