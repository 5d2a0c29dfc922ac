package dev.dsh.serve.internal.http;

import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.Host;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * The probes, in plain text: {@code /healthz} is {@code ok} while up; {@code /readyz} is {@code
 * ready} when booted, not draining, with a token, the profile applied and a provider ready, else
 * {@code 503} with the reason.
 */
public final class HealthServlet extends HttpServlet {

  private final transient ServeState state;
  private final transient @Nullable ServeToken token;

  /** Liveness without {@code token}; readiness with it, not ready while it holds no token. */
  public HealthServlet(ServeState state, @Nullable ServeToken token) {
    this.state = state;
    this.token = token;
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<String> problem = token == null ? Optional.empty() : notReady(token);
    response.setStatus(problem.isPresent() ? 503 : 200);
    response.setContentType("text/plain; charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.getWriter().print(problem.orElse(token == null ? "ok" : "ready") + "\n");
  }

  private Optional<String> notReady(ServeToken token) {
    Optional<String> problem = state.notReady().or(token::problem);
    if (problem.isPresent()) {
      return problem;
    }
    Host host = state.booted().orElseThrow();
    // Even while the previous tree serves: the files on disk are not what runs.
    Optional<String> profile =
        host.profileProblem().map(why -> "the profile is not applied: " + why);
    List<ProviderStatus> providers = host.providers();
    return profile.isPresent() || providers.stream().anyMatch(ProviderStatus::ready) ? profile
        : providers.isEmpty() ? Optional.of("no web search provider is registered")
        : Optional.of("no web search provider is ready: " + String.join("; ", providers.stream()
            .map(p -> p.id() + ": " + p.reasonOpt().orElse("not ready")).toList()));
  }
}
