package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.ProviderStatus;
import java.util.List;
import org.jspecify.annotations.Nullable;

/** A host's state as {@code status} and {@code GET /api/status} give it; empty fields left out. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record StatusJson(List<Plugin> plugins, List<Scope> scopes, List<ProviderStatus> providers,
    @Nullable String profileError, @Nullable List<RefusedConfig> refusedConfigs,
    @Nullable List<Leftover> leftoverThreads) {

  /** A loaded plugin; {@code state} is PF4J's ({@code STARTED} while it serves). */
  public record Plugin(String id, String version, String state) {}

  /** A scope and its state. */
  public record Scope(String id, String state) {}

  /** A row that keeps its previous config: the edit from {@code layer} breaks its schema. */
  public record RefusedConfig(String row, String layer, String error) {}

  /** A thread an unloaded plugin left running. */
  public record Leftover(String plugin, String thread) {}

  /** This form as one line of JSON. */
  public String toJson() {
    return Json.MAPPER.writeValueAsString(this);
  }
}
