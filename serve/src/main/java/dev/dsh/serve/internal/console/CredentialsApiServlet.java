package dev.dsh.serve.internal.console;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.Host;
import dev.dsh.host.ProfileForm;
import dev.dsh.host.json.Json;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/credentials}: {@code GET} each credential the profile's rows name, configured or
 * not and from where, never a value; {@code PUT <ref>} stores the body's value, {@code DELETE
 * <ref>} removes it, both through the service the {@code credentials} row mounts (its store keeps
 * its owner-only rules; a running provider sees the change at its next call).
 */
final class CredentialsApiServlet extends ConsoleApi.Endpoint {

  CredentialsApiServlet(ConsoleApi api) {
    super(api, "/api/credentials",
        "/api/credentials answers GET, /api/credentials/<ref> PUT and DELETE");
  }

  @Override
  boolean answer(String method, String path, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    Optional<String> ref = segment(path);
    if (path.equals("/") && method.equals("GET")) {
      ObjectNode root = Json.MAPPER.createObjectNode();
      root.putArray("credentials");
      for (ProfileForm.Credential credential : Host.inspect(options).form().credentials()) {
        root.withArray("credentials").addObject().put("ref", credential.ref())
            .put("configured", credential.configured())
            // the console's names: store or environment
            .put("source", credential.source().map(s -> s == CredentialSource.ENV ? "environment"
                : s.id()).orElse(null))
            .put("writable", credential.writable())
            .set("rows", Json.MAPPER.valueToTree(credential.rows()));
      }
      reply(response, root);
    } else if (ref.isPresent() && method.equals("PUT")) {
      JsonNode value = field(request, "value", "the credential's value as a string");
      CredentialRef name = name(ref.get());
      if (!value.isString() || value.stringValue().isBlank()) {
        throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", value.isString()
            ? "cannot store " + name.name() + ": the value is empty"
            : "the value must be a JSON string");
      }
      try {
        edit(() -> {
          Host.inspect(options).credentials().set(name, value.stringValue());
          return null;
        });
      } catch (IllegalArgumentException e) { // the store's rule: it never echoes the value
        throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", e.getMessage());
      } catch (UnsupportedOperationException e) {
        throw new ConsoleApi.Refusal(409, "NOT_WRITABLE", "cannot store " + name.name()
            + ": the credentials row has no writable store");
      }
      response.setStatus(204);
    } else if (ref.isPresent() && method.equals("DELETE")) {
      CredentialRef name = name(ref.get());
      edit(() -> Host.inspect(options).credentials().unset(name));
      response.setStatus(204);
    } else {
      return false;
    }
    return true;
  }

  private static CredentialRef name(String ref) {
    try {
      return CredentialRef.of(ref);
    } catch (IllegalArgumentException e) {
      throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", e.getMessage());
    }
  }
}
