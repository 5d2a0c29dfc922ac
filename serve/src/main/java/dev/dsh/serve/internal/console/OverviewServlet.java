package dev.dsh.serve.internal.console;

import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.Host;
import dev.dsh.host.ProviderChoice;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.HostVersion;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.Collection;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code GET /api/overview}: the host's version, profile, home and the server's uptime; each
 * provider's availability and readiness with its reason, and which one a search gets now ({@link
 * ProviderChoice}); the searches ended since the server started and how many failed, from the
 * counters {@code /metrics} shows ({@code dsh_searches_total}).
 */
final class OverviewServlet extends ConsoleApi.Endpoint {

  private final transient MeterRegistry meters;
  private final long startedNanos = System.nanoTime();

  OverviewServlet(ConsoleApi api, MeterRegistry meters) {
    super(api, "/api/overview", "/api/overview answers GET only");
    this.meters = meters;
  }

  @Override
  boolean answer(String method, String path, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    if (!method.equals("GET") || !path.equals("/")) {
      return false;
    }
    ObjectNode root = Json.MAPPER.createObjectNode().put("version", HostVersion.current())
        .put("profile", options.profile()).put("home", options.home().root().toString())
        .put("uptimeSeconds", Duration.ofNanos(System.nanoTime() - startedNanos).toSeconds());
    root.putArray("providers");
    ObjectNode selected = root.putObject("selected");
    if (state.booted().isPresent()) {
      Host host = state.booted().get();
      for (ProviderStatus provider : host.providers()) {
        root.withArray("providers").addObject().put("id", provider.id())
            .put("available", provider.available()).put("ready", provider.ready())
            .put("reason", provider.reasonOpt().orElse(null));
      }
      ProviderChoice choice = ProviderChoice.of(host);
      selected.put("provider", choice.provider().orElse(null)).put("pinned", choice.pinned());
      choice.reason().ifPresent(reason -> selected.put("reason", reason));
    } else {
      selected.putNull("provider").put("pinned", false)
          .put("reason", state.notReady().orElse("the host is not running"));
    }
    Collection<Counter> ended = meters.find("dsh.searches").counters();
    root.putObject("searches")
        .put("total", (long) ended.stream().mapToDouble(Counter::count).sum())
        .put("failed", (long) ended.stream().filter(c -> !"ok".equals(c.getId().getTag("outcome")))
            .mapToDouble(Counter::count).sum());
    reply(response, root);
    return true;
  }
}
