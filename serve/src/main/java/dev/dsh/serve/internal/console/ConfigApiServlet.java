package dev.dsh.serve.internal.console;

import dev.dsh.host.Host;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.ProfileForm;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.BadRequest;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/config}: {@code GET} every row of the profile, {@code GET <row>} one, {@code GET
 * dump} the redacted {@code --dump-config} text, {@code PUT <row>} a row's whole config as the
 * form holds it, saved by {@link ProfileEdits#saveRowConfig} in the console's layer (checked
 * first: a refused config changes nothing on disk). A row as the Config page reads it: its schema,
 * its config without a secret value, which secret fields hold one ({@code secrets}) and which
 * fields are secret ({@code secretFields}), the layer that set each field ({@code fieldsFrom}),
 * and the state of its scope {@code root/<id>}.
 */
final class ConfigApiServlet extends ConsoleApi.Endpoint {

  ConfigApiServlet(ConsoleApi api) {
    super(api, "/api/config",
        "/api/config answers GET, /api/config/dump GET, /api/config/<row> GET and PUT");
  }

  @Override
  boolean answer(String method, String path, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    Optional<String> rowId = segment(path);
    if (path.equals("/") && method.equals("GET")) {
      ObjectNode root = Json.MAPPER.createObjectNode();
      rows().forEach(root.putArray("rows")::add);
      reply(response, root);
    } else if (path.equals("/dump") && method.equals("GET")) {
      byte[] text = Host.inspect(options).configYaml().getBytes(StandardCharsets.UTF_8);
      response.setContentType("text/plain");
      response.setCharacterEncoding("utf-8");
      response.setHeader("Cache-Control", "no-store");
      response.setContentLength(text.length);
      response.getOutputStream().write(text);
    } else if (rowId.isPresent() && method.equals("GET")) {
      reply(response, row(rowId.get()));
    } else if (rowId.isPresent() && method.equals("PUT")) {
      JsonNode config = field(request, "config", "the row's whole config as a JSON object");
      if (!config.isObject()) {
        throw new BadRequest("/config", "must be a JSON object: the row's whole config");
      }
      @SuppressWarnings("unchecked")
      Map<String, Object> tree = Json.MAPPER.treeToValue(config, Map.class);
      ObjectNode saved = edit(() -> {
        ProfileEdits.saveRowConfig(options, rowId.get(), tree, state.booted());
        return row(rowId.get());
      });
      reply(response, Json.MAPPER.createObjectNode().set("row", saved));
    } else {
      return false;
    }
    return true;
  }

  /** Every row, its state read from the running host (null while it has no scope). */
  private List<ObjectNode> rows() {
    List<ScopeInfo> scopes = state.booted().map(Host::scopes).orElse(List.of());
    return Host.inspect(options).form().rows().stream().map(row -> json(row, scopes)).toList();
  }

  private ObjectNode row(String id) {
    return rows().stream().filter(row -> row.path("id").asString().equals(id)).findFirst()
        .orElseThrow(() -> new ConsoleApi.Refusal(404, "UNKNOWN_ROW",
            "profile " + options.profile() + " has no row \"" + id + "\""));
  }

  private static ObjectNode json(ProfileForm.Row row, List<ScopeInfo> scopes) {
    Optional<ScopeInfo> scope =
        scopes.stream().filter(s -> s.id().equals("root/" + row.id())).findFirst();
    ObjectNode out = Json.MAPPER.createObjectNode().put("id", row.id())
        .put("plugin", row.plugin()).put("disabled", row.disabled())
        .put("state", scope.map(s -> s.state().name()).orElse(null))
        .put("reason", scope.flatMap(ScopeInfo::failure).map(ConsoleApi.Endpoint::reason)
            .orElse(null));
    out.set("schema", row.schema().orElse(null));
    out.set("config", Json.MAPPER.valueToTree(row.config()));
    row.secretsSet().forEach(out.putArray("secrets")::add);
    row.secretFields().forEach(out.putArray("secretFields")::add);
    row.credentialRefs().forEach(out.putArray("credentialRefs")::add);
    out.put("configFrom", row.configOrigin());
    out.set("fieldsFrom", Json.MAPPER.valueToTree(row.fieldOrigins()));
    return out;
  }
}
