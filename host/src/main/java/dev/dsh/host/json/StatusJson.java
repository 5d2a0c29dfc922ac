package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.model.ScopeInfo;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** A host's state as {@code status} and {@code GET /api/status} give it; empty fields left out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StatusJson(List<Plugin> plugins, List<Scope> scopes, List<Provider> providers,
    @Nullable String profileError, @Nullable List<RefusedConfig> refusedConfigs,
    @Nullable List<Leftover> leftoverThreads) {

  /** A loaded plugin; {@code state} is PF4J's ({@code STARTED} while it serves). */
  public record Plugin(String id, String version, String state) {}

  /** A scope and its state. */
  public record Scope(String id, String state) {}

  /** A provider; {@code reason} says why it is not available or not ready. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Provider(String id, boolean available, boolean ready, @Nullable String reason) {}

  /** A row that keeps its previous config: the edit from {@code layer} breaks its schema. */
  public record RefusedConfig(String row, String layer, String error) {}

  /** A thread an unloaded plugin left running. */
  public record Leftover(String plugin, String thread) {}

  /** The form of a host's state. */
  public static StatusJson of(List<Plugin> plugins, List<ScopeInfo> scopes,
      List<ProviderStatus> providers, Optional<String> profileError, List<RefusedConfig> refused,
      List<Leftover> left) {
    return new StatusJson(
        plugins,
        scopes.stream().map(s -> new Scope(s.id(), s.state().name())).toList(),
        providers.stream().map(p -> new Provider(p.id(), p.available(), p.ready(), p.reason()))
            .toList(),
        profileError.orElse(null), refused.isEmpty() ? null : refused,
        left.isEmpty() ? null : left);
  }

  /** This form as one line of JSON. */
  public String toJson() {
    return Json.MAPPER.writeValueAsString(this);
  }
}
