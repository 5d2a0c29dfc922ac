package dev.dsh.serve.internal.console;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.ProfileForm;
import dev.dsh.serve.internal.http.ServeState;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/credentials}: {@code GET} each credential the profile's rows name, configured or
 * not and from where, never a value; {@code PUT <ref>} stores a value given in the body, {@code
 * DELETE <ref>} removes it, both through the service the {@code credentials} row mounts (its store
 * keeps its owner-only rules, and a running provider sees the change at its next call).
 */
final class CredentialsApiServlet extends ConsoleApiServlet {

  private static final long serialVersionUID = 1L;

  CredentialsApiServlet(ServeState state, HostOptions options, ConsoleApi edits) {
    super(state, options, edits,
        "/api/credentials answers GET, /api/credentials/<ref> PUT and DELETE");
  }

  @Override
  boolean answer(String method, String path, HttpServletRequest request,
      HttpServletResponse response) throws IOException {
    Optional<String> ref = segment(path);
    if (path.equals("/") && method.equals("GET")) {
      ObjectNode root = JSON.createObjectNode();
      ArrayNode list = root.putArray("credentials");
      for (ProfileForm.Credential credential : Host.inspect(options).form().credentials()) {
        list.addObject().put("ref", credential.ref()).put("configured", credential.configured())
            .put("source", credential.source().map(CredentialsApiServlet::source).orElse(null))
            .put("writable", credential.writable())
            .set("rows", JSON.valueToTree(credential.rows()));
      }
      reply(response, root);
    } else if (ref.isPresent() && method.equals("PUT")) {
      JsonNode value = field(request, "value", "the credential's value as a string");
      if (!value.isString()) {
        throw badCredential("the value must be a JSON string");
      }
      store(name(ref.get()), value.stringValue());
      response.setStatus(204);
    } else if (ref.isPresent() && method.equals("DELETE")) {
      CredentialRef name = name(ref.get());
      edits.run(() -> service().unset(name));
      response.setStatus(204);
    } else {
      return false;
    }
    return true;
  }

  private void store(CredentialRef name, String value) {
    if (value.isBlank()) {
      throw badCredential("cannot store " + name.name() + ": the value is empty");
    }
    try {
      edits.run(() -> {
        service().set(name, value);
        return null;
      });
    } catch (IllegalArgumentException e) {
      throw badCredential(e.getMessage()); // the store's rule: it never echoes the value
    } catch (UnsupportedOperationException e) {
      throw new Refusal(409, "NOT_WRITABLE", "cannot store " + name.name()
          + ": the credentials row has no writable store");
    }
  }

  /** The source as the console names it: {@code store} or {@code environment}. */
  private static String source(CredentialSource source) {
    return source == CredentialSource.ENV ? "environment" : source.id();
  }

  private CredentialService service() {
    return Host.inspect(options).credentials();
  }

  private static CredentialRef name(String ref) {
    try {
      return CredentialRef.of(ref);
    } catch (IllegalArgumentException e) {
      throw badCredential(e.getMessage());
    }
  }

  private static Refusal badCredential(String message) {
    return new Refusal(400, "BAD_CREDENTIAL", message);
  }
}
