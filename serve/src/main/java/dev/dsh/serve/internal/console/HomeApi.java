package dev.dsh.serve.internal.console;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.ProfileEdits;
import dev.dsh.host.json.ControlEscapes;
import dev.dsh.host.json.Json;
import dev.dsh.host.json.StatusJson;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.serve.internal.http.ApiReplies;
import dev.dsh.serve.internal.http.Limits;
import jakarta.servlet.http.HttpServletRequest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the Plugins, Config and Credentials pages read and change in the home, as the CLI does,
 * never answering a secret value. A change applies by the host's reload.
 */
final class HomeApi {

  record Row(String id, String plugin, boolean disabled, @Nullable String state,
      @Nullable String reason, @Nullable JsonNode schema, Map<String, Object> config,
      Set<String> secrets, Set<String> secretFields, Set<String> credentialRefs,
      String configFrom, Map<String, String> fieldsFrom) {}

  /** {@code source}: {@code store}, {@code environment} or null. */
  record Credential(String ref, boolean configured, @Nullable String source, boolean writable,
      List<String> rows) {}

  record Plugin(String id, String version, boolean enabled, String state, List<String> rows) {}

  record Refused(String file, String problem) {}

  record Scope(String id, String state, @Nullable String reason) {}

  private final ConsoleApi api;

  HomeApi(ConsoleApi api) {
    this.api = api;
  }

  /** Every row of the profile's form, with its scope's state (null while none). */
  List<Row> rows() {
    List<ScopeInfo> scopes = api.state.booted().map(Host::scopes).orElse(List.of());
    return Host.inspect(api.options).formRows().stream().map(row -> {
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
        .orElseThrow(() -> new ApiReplies.Refusal(404, "UNKNOWN_ROW",
            "profile " + api.options.profile() + " has no row \"" + id + "\""));
  }

  Map<String, Row> save(String id, JsonNode config) {
    Map<String, Object> tree = Json.MAPPER.convertValue(config, new TypeReference<>() {});
    return Map.of("row", api.edit(() -> {
      ProfileEdits.saveRowConfig(api.options, id, tree, api.state.booted());
      return row(id);
    }));
  }

  Map<String, List<Credential>> credentials() {
    return Map.of("credentials", Host.inspect(api.options).formCredentials().stream()
        .map(c -> new Credential(c.ref(), c.configured(), c.source()
            .map(s -> s == CredentialSource.ENV ? "environment" : s.id()).orElse(null),
            c.writable(), c.rows())).toList());
  }

  /** Stores {@code value} as {@code ref}, or removes it for null; answers 204. */
  @Nullable Object store(String ref, @Nullable String value) {
    try {
      CredentialRef name = CredentialRef.of(ref);
      if (value == null) {
        api.edit(() -> Host.inspect(api.options).credentials().unset(name));
        return null;
      } else if (value.isBlank()) {
        throw new ApiReplies.Refusal(400, "BAD_CREDENTIAL", "cannot store " + ref
            + ": the value is empty");
      }
      return api.edit(() -> {
        Host.inspect(api.options).credentials().set(name, value);
        return null;
      });
    } catch (IllegalArgumentException e) { // the name's rule or the store's, never the value
      throw new ApiReplies.Refusal(400, "BAD_CREDENTIAL", e.getMessage());
    } catch (UnsupportedOperationException e) {
      throw new ApiReplies.Refusal(409, "NOT_WRITABLE",
          "cannot store " + ref + ": the credentials row has no writable store");
    }
  }

  Map<String, List<?>> list() {
    HostInspection inspection = Host.inspect(api.options);
    List<StatusJson.Plugin> loaded = api.state.booted().map(Host::plugins).orElse(List.of());
    Map<String, List<?>> root = new LinkedHashMap<>();
    root.put("plugins", inspection.jars().stream().map(jar -> new Plugin(jar.id(), jar.version(),
        jar.enabled(), loaded.stream().filter(p -> p.id().equals(jar.id()))
            .map(StatusJson.Plugin::state).findFirst().orElse("NOT_LOADED"), jar.rows())).toList());
    if (!inspection.refusedJars().isEmpty()) {
      root.put("refused", inspection.refusedJars().stream().map(jar -> new Refused(
          jar.file().getFileName().toString(), ControlEscapes.escape(jar.getMessage()))).toList());
    }
    root.put("scopes", api.state.booted().map(Host::scopes).orElse(List.of()).stream()
        .map(scope -> new Scope(scope.id(), scope.state().name(),
            scope.failure().map(ConsoleApi::reason).orElse(null))).toList());
    return root;
  }

  /** Stages the body (on this thread: a slow client holds up no edit), then installs it. */
  ObjectNode upload(HttpServletRequest request) throws IOException {
    String type = Optional.ofNullable(request.getContentType()).orElse("")
        .split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    if (!type.equals("application/java-archive") && !type.equals("application/octet-stream")) {
      throw new IllegalArgumentException("the body must be the plugin's jar, sent with"
          + " Content-Type: application/java-archive");
    }
    Path jar = ProfileEdits.stageUpload(api.options, new FilterInputStream(
        request.getInputStream()) {
      private long total;

      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        int read = super.read(buffer, offset, length);
        if ((total += Math.max(read, 0)) > Limits.UPLOAD_CAP) {
          throw new ApiReplies.Refusal(413, "BODY_TOO_LARGE", "the plugin jar is over the "
              + Limits.UPLOAD_CAP + "-byte (64 MiB) cap: upload a smaller one, or install it"
              + " with 'dsh plugin add <jar>'");
        }
        return read;
      }
    });
    try {
      PluginInstaller.Installed added = api.edit(() -> {
        try {
          return PluginInstaller.add(api.options, jar);
        } catch (PluginLoadException e) {
          // The temporary file's name means nothing to the user: the message names the upload.
          throw new ApiReplies.Refusal(400, "BAD_PLUGIN", named(e, jar));
        } catch (FileAccessException e) {
          throw new FileAccessException(named(e, jar), (IOException) e.getCause());
        }
      });
      return Json.MAPPER.createObjectNode().put("id", added.id()).put("version", added.version());
    } finally {
      Files.deleteIfExists(jar);
    }
  }

  private static String named(RuntimeException e, Path jar) {
    return e.getMessage().replace(jar.toString(), "the uploaded jar");
  }
}
