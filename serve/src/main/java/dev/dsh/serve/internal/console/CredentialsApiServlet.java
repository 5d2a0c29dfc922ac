package dev.dsh.serve.internal.console;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.ProfileForm;
import dev.dsh.serve.internal.api.ApiReplies;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code /api/credentials}: {@code GET} each credential the profile's rows name, configured or
 * not and from where, never a value; {@code PUT <ref>} stores a value given in the body, {@code
 * DELETE <ref>} removes it, both through the service the {@code credentials} row mounts (its store
 * keeps its owner-only rules, and a running provider sees the change at its next call).
 */
final class CredentialsApiServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final transient HostOptions options;
  private final transient ConsoleApiEdits edits;

  CredentialsApiServlet(HostOptions options, ConsoleApiEdits edits) {
    this.options = options;
    this.edits = edits;
  }

  @Override
  protected void service(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    String path = Optional.ofNullable(request.getPathInfo()).orElse("/");
    Optional<String> ref = ConsoleApiBodies.segment(request);
    String method = request.getMethod();
    try {
      if (path.equals("/") && method.equals("GET")) {
        ApiReplies.json(response, 200, list());
      } else if (ref.isPresent() && method.equals("PUT")) {
        JsonNode value = ConsoleApiBodies.field(ConsoleApiBodies.object(request), "value",
            "the credential's value as a string");
        if (!value.isString()) {
          badCredential(response, "the value must be a JSON string");
          return;
        }
        store(response, ref.get(), value.stringValue());
      } else if (ref.isPresent() && method.equals("DELETE")) {
        CredentialRef name = name(ref.get());
        edits.run(() -> service().unset(name));
        response.setStatus(204);
      } else {
        ApiReplies.error(response, 405, "METHOD_NOT_ALLOWED", "/api/credentials answers GET,"
            + " /api/credentials/<ref> PUT and DELETE");
      }
    } catch (BadName e) {
      badCredential(response, e.getMessage());
    } catch (RuntimeException e) {
      ConsoleApiFailures.answer(response, e);
    }
  }

  private void store(HttpServletResponse response, String ref, String value) throws IOException {
    CredentialRef name = name(ref);
    if (value.isBlank()) {
      badCredential(response, "cannot store " + name.name() + ": the value is empty");
      return;
    }
    try {
      edits.run(() -> {
        service().set(name, value);
        return null;
      });
      response.setStatus(204);
    } catch (IllegalArgumentException e) {
      badCredential(response, e.getMessage()); // the store's rule: it never echoes the value
    } catch (UnsupportedOperationException e) {
      ApiReplies.error(response, 409, "NOT_WRITABLE", "cannot store " + name.name()
          + ": the credentials row has no writable store");
    }
  }

  private String list() {
    ProfileForm form = Host.inspect(options).form();
    ObjectNode root = JSON.createObjectNode();
    root.putArray("credentials");
    for (ProfileForm.Credential credential : form.credentials()) {
      ObjectNode entry = root.withArray("credentials").addObject()
          .put("ref", credential.ref()).put("configured", credential.configured())
          .put("source", credential.source().map(CredentialsApiServlet::source).orElse(null))
          .put("writable", credential.writable());
      credential.rows().forEach(entry.putArray("rows")::add);
    }
    return JSON.writeValueAsString(root);
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
      throw new BadName(e.getMessage());
    }
  }

  private static void badCredential(HttpServletResponse response, String message)
      throws IOException {
    ApiReplies.error(response, 400, "BAD_CREDENTIAL", message);
  }

  /** A credential name that is not one. */
  private static final class BadName extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadName(String message) {
      super(message, null, false, false);
    }
  }
}
