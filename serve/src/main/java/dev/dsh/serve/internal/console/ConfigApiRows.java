package dev.dsh.serve.internal.console;

import dev.dsh.host.ProfileForm;
import dev.dsh.host.internal.profile.ConfigSecrets;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.ApiReplies;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A row of the profile as the Config page reads it: its schema, its config without a secret
 * value ({@link ProfileForm.Row}), which secret fields hold a value ({@code secrets}) and which
 * fields are secret at all ({@code secretFields}), and the state of its scope {@code root/<id>}.
 */
final class ConfigApiRows {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ConfigApiRows() {}

  /** {@code row} as JSON, its state read from {@code scopes} (null while it has no scope). */
  static ObjectNode json(ProfileForm.Row row, List<ScopeInfo> scopes) {
    Optional<ScopeInfo> scope =
        scopes.stream().filter(s -> s.id().equals("root/" + row.id())).findFirst();
    ObjectNode out = JSON.createObjectNode().put("id", row.id()).put("plugin", row.plugin())
        .put("disabled", row.disabled())
        .put("state", scope.map(s -> s.state().name()).orElse(null))
        .put("reason", scope.flatMap(ScopeInfo::failure).map(ConfigApiRows::reason).orElse(null));
    row.schema().ifPresentOrElse(schema -> out.set("schema", schema), () -> out.putNull("schema"));
    out.set("config", JSON.valueToTree(row.config()));
    row.secretsSet().forEach(out.putArray("secrets")::add);
    ConfigSecrets.declaredPointers(row.schema().orElse(null))
        .forEach(out.putArray("secretFields")::add);
    row.credentialRefs().forEach(out.putArray("credentialRefs")::add);
    return out;
  }

  /** A scope's failure in one line: its message's first line, else its class's name. */
  static String reason(Throwable failure) {
    String message =
        Optional.ofNullable(failure.getMessage()).orElse(failure.getClass().getSimpleName());
    return ApiReplies.printable(message.lines().findFirst().orElse(""));
  }
}
