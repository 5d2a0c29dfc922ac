package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebService;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code web_search} tool's timeout reaches the Yuanbao provider as an abort: the tool answers
 * {@code WEB_ABORTED}, and the server sees the plugin close the connection.
 */
@Tag("timing") // runs alone, after the other classes (host-demo/pom.xml)
class YuanbaoToolTimeoutTest {

  /** Long enough for the request to reach the stub on a loaded machine. */
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private static final long HANG_BOUND_MS = 60_000;

  @TempDir Path home;
  private YuanbaoHost host;
  private SearchProStub holding;

  @BeforeEach
  void start() {
    holding = SearchProStub.answering(StubReply.hold());
    host = new YuanbaoHost(home).withWeb(Map.of());
    host.env.put(YuanbaoHost.KEY_VARIABLE, "sk-tool-timeout");
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", holding.baseUrl())));
    YuanbaoHost.assertActive(
        host.runtime().apply("tool-web", new ToolWeb(), Map.of()));
  }

  @AfterEach
  void stop() {
    host.close();
    holding.close();
  }

  @Test
  void theToolTimeoutAbortsTheSearchAndClosesTheConnection() throws Exception {
    WebSearchTool tool = host.runtime().root().get(WebSearchTool.KEY).orElseThrow();

    ToolResult result =
        tool.call("{\"queries\": [\"slow\"]}", AbortSignal.never())
            .toCompletableFuture()
            .get(HANG_BOUND_MS, TimeUnit.MILLISECONDS);

    assertThat(result.errorCode()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    // The web service names the timeout; the provider's part is to stop and close the exchange.
    assertThat(result.text()).isEqualTo("Error: web search timed out after 2 s");
    assertThat(holding.connections()).isLessThanOrEqualTo(1);
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(HANG_BOUND_MS);
    while (holding.heldClosedByClient() < holding.connections() && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(holding.heldClosedByClient()).as("every connection it opened, it closed")
        .isEqualTo(holding.connections());
  }

  /** The {@code tool-web} row as the host applies it with {@code searchTimeoutMs: 2000}. */
  private static final class ToolWeb implements Plugin {
    @Override
    public String name() {
      return "tool-web";
    }

    @Override
    public Set<ServiceKey<?>> inject() {
      return Set.of(WebService.KEY);
    }

    @Override
    public void apply(Context ctx, Config config) {
      ctx.provide(WebSearchTool.KEY, new WebSearchTool(ctx.web(), () -> TIMEOUT));
    }
  }
}
