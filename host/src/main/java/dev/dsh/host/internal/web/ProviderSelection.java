package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The selection table of the web seam over one snapshot of the registered providers: a pin wins
 * when registered and available; else the one available; else the one ready among them. Readiness
 * is asked only to break such a tie; each refusal's code is in docs/errors.md.
 */
public final class ProviderSelection {

  private ProviderSelection() {}

  /** The pinned id: {@code configured} when a non-blank string, else {@code PIN_VARIABLE}. */
  public static Optional<String> pin(Optional<?> configured, LaunchEnvironment env) {
    return Stream.of(configured, env.get(WebServiceImpl.PIN_VARIABLE)).flatMap(Optional::stream)
        .filter(String.class::isInstance).map(v -> ((String) v).trim()).filter(s -> !s.isEmpty())
        .findFirst();
  }

  /** @throws WebError when the table gives no provider */
  static Registration select(Optional<String> pin, Collection<Registration> registered) {
    if (pin.isPresent()) {
      String id = pin.get();
      Registration pinned = registered.stream().filter(r -> r.id().equals(id)).findFirst()
          .orElseThrow(() -> new WebError(WEB_PROVIDER_CONFIGURED_MISSING,
              "configured web provider \"" + id + "\" is not registered"));
      Optional<ProviderStatus> unavailable = pinned.unavailable();
      if (unavailable.isPresent()) {
        throw new WebError(WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
            "configured web provider \"" + id + "\" is registered but not available"
                + unavailable.get().reasonOpt().map(reason -> ": " + reason).orElse(""));
      }
      return pinned;
    }
    // One answer per provider and call: the reasons shown are those the choice was made on.
    List<ProviderStatus> unavailable = new ArrayList<>();
    List<Registration> usable = new ArrayList<>();
    for (Registration registration : registered) {
      registration.unavailable().ifPresentOrElse(unavailable::add, () -> usable.add(registration));
    }
    if (usable.isEmpty()) {
      throw new WebError(WEB_PROVIDER_UNAVAILABLE, noneUsable(unavailable));
    }
    List<Registration> ready = usable.size() == 1 ? usable
        : usable.stream().filter(r -> r.readiness().ready()).toList();
    if (ready.size() == 1) {
      return ready.get(0);
    }
    throw new WebError(WEB_PROVIDER_AMBIGUOUS, "multiple usable web providers are registered ("
        + (ready.isEmpty() ? usable : ready).stream().map(Registration::id).sorted()
            .collect(Collectors.joining(", "))
        + "); configure one explicitly");
  }

  /** {@code (unavailable: alpha: its reason; beta)}, ids sorted. */
  private static String noneUsable(Collection<ProviderStatus> statuses) {
    if (statuses.isEmpty()) {
      return "no web provider is registered; install and enable a web search plugin";
    }
    return "no usable web provider is registered (unavailable: " + statuses.stream()
        .sorted(Comparator.comparing(ProviderStatus::id))
        .map(s -> s.id() + s.reasonOpt().map(reason -> ": " + reason).orElse(""))
        .collect(Collectors.joining("; ")) + ")";
  }
}
