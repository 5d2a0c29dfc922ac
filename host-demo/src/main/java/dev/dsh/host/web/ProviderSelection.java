package dev.dsh.host.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_AMBIGUOUS;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_CONFIGURED_UNAVAILABLE;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The selection table of the web seam, applied to one snapshot of the registered providers.
 *
 * <pre>
 *   pinned, registered, available     → that provider
 *   pinned, not registered            → WEB_PROVIDER_CONFIGURED_MISSING
 *   pinned, registered, unavailable   → WEB_PROVIDER_CONFIGURED_UNAVAILABLE (with its reason)
 *   not pinned, exactly one available → that provider, whatever the registration order
 *   not pinned, none available        → WEB_PROVIDER_UNAVAILABLE (each one's reason)
 *   not pinned, several available     → WEB_PROVIDER_AMBIGUOUS (ids sorted)
 * </pre>
 */
final class ProviderSelection {

  private ProviderSelection() {}

  /**
   * @param pin the pinned provider id, if any
   * @param registered the registered providers at the time of the call
   * @throws WebError when the table gives no provider
   */
  static Registration select(Optional<String> pin, Collection<Registration> registered) {
    if (pin.isPresent()) {
      String id = pin.get();
      Registration pinned =
          registered.stream()
              .filter(r -> r.id().equals(id))
              .findFirst()
              .orElseThrow(
                  () ->
                      new WebError(
                          WEB_PROVIDER_CONFIGURED_MISSING,
                          "configured web provider \"" + id + "\" is not registered"));
      ProviderStatus status = pinned.status();
      if (!status.available()) {
        throw new WebError(
            WEB_PROVIDER_CONFIGURED_UNAVAILABLE,
            "configured web provider \""
                + id
                + "\" is registered but not available"
                + status.reasonOpt().map(reason -> ": " + reason).orElse(""));
      }
      return pinned;
    }
    // One status per provider and call: the reasons shown are those the choice was made on.
    Map<Registration, ProviderStatus> statuses = new LinkedHashMap<>();
    registered.forEach(r -> statuses.put(r, r.status()));
    List<Registration> usable =
        registered.stream()
            .filter(r -> statuses.get(r).available())
            .sorted(Comparator.comparing(Registration::id))
            .collect(Collectors.toList());
    if (usable.size() == 1) {
      return usable.get(0);
    }
    if (usable.isEmpty()) {
      throw new WebError(WEB_PROVIDER_UNAVAILABLE, noneUsable(statuses.values()));
    }
    throw new WebError(
        WEB_PROVIDER_AMBIGUOUS,
        "multiple usable web providers are registered ("
            + ids(usable)
            + "); configure one explicitly");
  }

  /** {@code (unavailable: alpha: its reason; beta)}, ids sorted. */
  private static String noneUsable(Collection<ProviderStatus> statuses) {
    if (statuses.isEmpty()) {
      return "no web provider is registered; install and enable a web search plugin";
    }
    String unavailable =
        statuses.stream()
            .sorted(Comparator.comparing(ProviderStatus::id))
            .map(s -> s.id() + s.reasonOpt().map(reason -> ": " + reason).orElse(""))
            .collect(Collectors.joining("; "));
    return "no usable web provider is registered (unavailable: " + unavailable + ")";
  }

  private static String ids(Collection<Registration> registrations) {
    return registrations.stream().map(Registration::id).sorted().collect(Collectors.joining(", "));
  }
}
