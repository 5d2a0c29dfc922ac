package dev.dsh.serve.internal.api;

import dev.dsh.host.Host;
import dev.dsh.host.json.StatusJson;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;

/**
 * {@code GET /api/status}: {@link StatusJson}, as {@code dsh run}'s {@code status} prints it; while
 * the host boots, or when it did not start, {@code 503 HOST_NOT_RUNNING}.
 */
public final class StatusServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;

  private final transient ServeState state;

  public StatusServlet(ServeState state) {
    this.state = state;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    Optional<Host> host = state.booted();
    if (!request.getMethod().equals("GET")) {
      ApiReplies.methodNotAllowed(response, "/api/status", "GET");
    } else if (host.isEmpty()) {
      ApiReplies.error(response, 503, "HOST_NOT_RUNNING",
          state.notReady().orElse("the host is not running"));
    } else {
      ApiReplies.json(response, 200, host.get().status().toJson());
    }
  }
}
