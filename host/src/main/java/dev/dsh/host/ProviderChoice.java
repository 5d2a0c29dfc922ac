package dev.dsh.host;

import dev.dsh.api.web.WebError;
import dev.dsh.host.internal.web.WebServiceImpl;
import java.util.Optional;

/** Which provider a search would get now, whether one is pinned, or why none (in its words). */
public record ProviderChoice(Optional<String> provider, boolean pinned, Optional<String> reason) {

  /** Asks {@code host}'s web service now. */
  public static ProviderChoice of(Host host) {
    Optional<WebServiceImpl> web = host.web().flatMap(WebServiceImpl::of);
    if (web.isEmpty()) {
      return new ProviderChoice(Optional.empty(), false, Optional.of(Host.WEB_NOT_RUNNING));
    }
    boolean pinned = web.get().pin().isPresent();
    try {
      return new ProviderChoice(Optional.of(web.get().selected()), pinned, Optional.empty());
    } catch (WebError e) {
      return new ProviderChoice(Optional.empty(), pinned, Optional.of(e.getMessage()));
    }
  }
}
