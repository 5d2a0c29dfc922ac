package dev.dsh.serve.internal.console;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.Host;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.ProfileForm;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.api.BadRequest;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * {@code /api/config} and {@code /api/credentials}, from the profile's {@link ProfileForm}. A row
 * as the Config page reads it: its schema, its config without a secret value, which secret fields
 * hold one ({@code secrets}) and which are secret ({@code secretFields}), the layer that set each
 * field ({@code fieldsFrom}), and the state of its scope {@code root/<id>}; a save of a row's whole
 * config goes to the console's layer through {@link ProfileEdits#saveRowConfig} (checked first: a
 * refused config changes nothing on disk). A credential the rows name: configured or not and from
 * where, never a value; set and unset through the service the {@code credentials} row mounts (its
 * store keeps its owner-only rules; a running provider sees the change at its next call).
 */
final class FormApi {

  record Row(String id, String plugin, boolean disabled, @Nullable String state,
      @Nullable String reason, @Nullable JsonNode schema, Map<String, Object> config,
      Set<String> secrets, Set<String> secretFields, Set<String> credentialRefs,
      String configFrom, Map<String, String> fieldsFrom) {}

  /** {@code source}: {@code store}, {@code environment} or null. */
  record Credential(String ref, boolean configured, @Nullable String source, boolean writable,
      List<String> rows) {}

  private final ConsoleApi api;

  FormApi(ConsoleApi api) {
    this.api = api;
  }

  /** Every row, its state read from the running host (null while it has no scope). */
  List<Row> rows() {
    List<ScopeInfo> scopes = api.state.booted().map(Host::scopes).orElse(List.of());
    return Host.inspect(api.options).form().rows().stream().map(row -> {
      Optional<ScopeInfo> scope =
          scopes.stream().filter(s -> s.id().equals("root/" + row.id())).findFirst();
      return new Row(row.id(), row.plugin(), row.disabled(),
          scope.map(s -> s.state().name()).orElse(null),
          scope.flatMap(ScopeInfo::failure).map(ConsoleApi::reason).orElse(null),
          row.schema().orElse(null), row.config(), row.secretsSet(), row.secretFields(),
          row.credentialRefs(), row.configOrigin(), row.fieldOrigins());
    }).toList();
  }

  Row row(String id) {
    return rows().stream().filter(row -> row.id().equals(id)).findFirst()
        .orElseThrow(() -> new ConsoleApi.Refusal(404, "UNKNOWN_ROW",
            "profile " + api.options.profile() + " has no row \"" + id + "\""));
  }

  Map<String, Row> save(String id, JsonNode config) {
    if (!config.isObject()) {
      throw new BadRequest("/config", "must be a JSON object: the row's whole config");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> tree = Json.MAPPER.treeToValue(config, Map.class);
    return Map.of("row", api.edit(() -> {
      ProfileEdits.saveRowConfig(api.options, id, tree, api.state.booted());
      return row(id);
    }));
  }

  Map<String, List<Credential>> credentials() {
    return Map.of("credentials", Host.inspect(api.options).form().credentials().stream()
        .map(c -> new Credential(c.ref(), c.configured(), c.source()
            .map(s -> s == CredentialSource.ENV ? "environment" : s.id()).orElse(null),
            c.writable(), c.rows())).toList());
  }

  @Nullable Object store(String ref, JsonNode value) {
    CredentialRef name = name(ref);
    if (!value.isString() || value.stringValue().isBlank()) {
      throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", value.isString()
          ? "cannot store " + name.name() + ": the value is empty"
          : "the value must be a JSON string");
    }
    try {
      return api.edit(() -> {
        Host.inspect(api.options).credentials().set(name, value.stringValue());
        return null;
      });
    } catch (IllegalArgumentException e) { // the store's rule: it never echoes the value
      throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", e.getMessage());
    } catch (UnsupportedOperationException e) {
      throw new ConsoleApi.Refusal(409, "NOT_WRITABLE", "cannot store " + name.name()
          + ": the credentials row has no writable store");
    }
  }

  @Nullable Object unset(String ref) {
    CredentialRef name = name(ref);
    api.edit(() -> Host.inspect(api.options).credentials().unset(name));
    return null;
  }

  private static CredentialRef name(String ref) {
    try {
      return CredentialRef.of(ref);
    } catch (IllegalArgumentException e) {
      throw new ConsoleApi.Refusal(400, "BAD_CREDENTIAL", e.getMessage());
    }
  }
}
