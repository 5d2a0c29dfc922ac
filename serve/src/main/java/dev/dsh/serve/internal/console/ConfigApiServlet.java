package dev.dsh.serve.internal.console;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.ProfileForm;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.ApiReplies;
import dev.dsh.serve.internal.api.BadRequest;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/config}: {@code GET} every row of the profile ({@link ConfigApiRows}), {@code GET
 * <row>} one, {@code GET dump} the redacted {@code --dump-config} text, and {@code PUT <row>} a
 * row's whole config, saved in the user layer by {@link ProfileEdits#saveRowConfig} (checked
 * against the schema first: a refused config changes nothing on disk).
 */
final class ConfigApiServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final transient ServeState state;
  private final transient HostOptions options;
  private final transient ConsoleApiEdits edits;

  ConfigApiServlet(ServeState state, HostOptions options, ConsoleApiEdits edits) {
    this.state = state;
    this.options = options;
    this.edits = edits;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String path = Optional.ofNullable(request.getPathInfo()).orElse("/");
    Optional<String> rowId = ConsoleApiBodies.segment(request);
    String method = request.getMethod();
    try {
      if (path.equals("/") && method.equals("GET")) {
        ObjectNode root = JSON.createObjectNode();
        root.putArray("rows");
        List<ScopeInfo> scopes = scopes();
        form().rows().forEach(row -> root.withArray("rows").add(ConfigApiRows.json(row, scopes)));
        ApiReplies.json(response, 200, JSON.writeValueAsString(root));
      } else if (path.equals("/dump") && method.equals("GET")) {
        dump(response);
      } else if (rowId.isPresent() && method.equals("GET")) {
        Optional<ObjectNode> row = row(rowId.get());
        if (row.isPresent()) {
          ApiReplies.json(response, 200, JSON.writeValueAsString(row.get()));
        } else {
          ApiReplies.error(response, 404, "UNKNOWN_ROW", "profile " + options.profile()
              + " has no row \"" + rowId.get() + "\"");
        }
      } else if (rowId.isPresent() && method.equals("PUT")) {
        JsonNode config = ConsoleApiBodies.field(ConsoleApiBodies.object(request), "config",
            "the row's whole config as a JSON object");
        if (!config.isObject()) {
          throw new BadRequest("/config", "must be a JSON object: the row's whole config");
        }
        ObjectNode saved = edits.run(() -> {
          ProfileEdits.saveRowConfig(options, rowId.get(), config);
          return row(rowId.get()).orElseThrow();
        });
        ApiReplies.json(response, 200, JSON.writeValueAsString(
            JSON.createObjectNode().set("row", saved)));
      } else {
        ApiReplies.error(response, 405, "METHOD_NOT_ALLOWED", "/api/config answers GET,"
            + " /api/config/dump GET, /api/config/<row> GET and PUT");
      }
    } catch (RuntimeException e) {
      ConsoleApiFailures.answer(response, e);
    }
  }

  private Optional<ObjectNode> row(String id) {
    List<ScopeInfo> scopes = scopes();
    return form().rows().stream().filter(row -> row.id().equals(id)).findFirst()
        .map(row -> ConfigApiRows.json(row, scopes));
  }

  private ProfileForm form() {
    return Host.inspect(options).form();
  }

  private List<ScopeInfo> scopes() {
    return state.booted().map(Host::scopes).orElse(List.of());
  }

  private void dump(HttpServletResponse response) throws IOException {
    byte[] text = Host.inspect(options).configYaml().getBytes(StandardCharsets.UTF_8);
    response.setStatus(200);
    response.setContentType("text/plain");
    response.setCharacterEncoding("utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(text.length);
    response.getOutputStream().write(text);
  }
}
