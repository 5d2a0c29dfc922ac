package dev.dsh.host.internal.web;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One registered provider and the searches it is serving now.
 *
 * <p>Withdrawal is terminal: it aborts every in-flight search (their providers see the signal fire)
 * and ends each one's outcome with the withdrawal error, so unloading a plugin never leaves a caller
 * waiting on a provider that is gone.
 */
final class Registration {

  private static final Logger LOG = LoggerFactory.getLogger(Registration.class);
  private static final int MAX_REASON = 200;

  private final String id;
  private final WebSearchProvider provider;
  private final Set<InFlight> inFlight = new HashSet<>();
  private boolean withdrawn;

  Registration(String id, WebSearchProvider provider) {
    this.id = id;
    this.provider = provider;
  }

  String id() {
    return id;
  }

  WebSearchProvider provider() {
    return provider;
  }

  /**
   * The provider's availability, readiness and, when it is not ready, why: its own one-line
   * reason, or that it failed to tell.
   */
  ProviderStatus status() {
    return unavailable().orElseGet(this::readiness);
  }

  /**
   * The status of the provider when it is not available, with its reason; empty when it is. A
   * provider whose {@code available()} throws is unavailable.
   */
  Optional<ProviderStatus> unavailable() {
    try {
      if (provider.available()) {
        return Optional.empty();
      }
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to report its availability; treating it as unavailable", id, e);
      return Optional.of(new ProviderStatus(id, false, false, failedToReport("availability", e)));
    }
    return Optional.of(
        new ProviderStatus(id, false, false, reason(provider::unavailableReason, "unavailable")));
  }

  /**
   * The status of a provider found {@linkplain #unavailable() available}: ready or not, and why
   * not. A provider whose {@code ready()} throws is not ready.
   */
  ProviderStatus readiness() {
    try {
      if (provider.ready()) {
        return new ProviderStatus(id, true, true, null);
      }
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to report its readiness; taking it as not ready", id, e);
      return new ProviderStatus(id, true, false, failedToReport("readiness", e));
    }
    return new ProviderStatus(id, true, false, reason(provider::notReadyReason, "not ready"));
  }

  /** The class only: a provider's message is not known to be free of secrets. */
  private static String failedToReport(String what, RuntimeException e) {
    return "it failed to report its " + what + " (" + e.getClass().getSimpleName() + ")";
  }

  private @Nullable String reason(Supplier<Optional<String>> reason, String state) {
    try {
      return reason.get().map(Registration::oneLine).orElse(null);
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to say why it is {}", id, state, e);
      return null;
    }
  }

  /** A reason as one short line with no URL password, whatever the provider gave. */
  private static String oneLine(String reason) {
    String line = UrlUserInfo.redact(reason.strip().replaceAll("\\s+", " "));
    return line.length() <= MAX_REASON ? line : line.substring(0, MAX_REASON - 1) + "…";
  }

  /**
   * Starts tracking a search whose signal follows {@code caller}; empty once withdrawn, so the
   * caller selects again.
   */
  Optional<InFlight> begin(AbortSignal caller) {
    InFlight search =
        new InFlight(AbortController.linkedTo(caller), new CompletableFuture<>());
    synchronized (this) {
      if (!withdrawn) {
        inFlight.add(search);
        return Optional.of(search);
      }
    }
    search.controller().close();
    return Optional.empty();
  }

  /** Stops tracking {@code search} and unlinks its controller from the caller's signal. */
  void end(InFlight search) {
    synchronized (this) {
      inFlight.remove(search);
    }
    search.controller().close();
  }

  /** Aborts every in-flight search with {@code reason}; later calls do nothing. */
  void withdraw(WebError reason) {
    List<InFlight> toAbort;
    synchronized (this) {
      if (withdrawn) {
        return;
      }
      withdrawn = true;
      toAbort = new ArrayList<>(inFlight);
      inFlight.clear();
    }
    for (InFlight search : toAbort) {
      // The provider's abort handlers run first, so a provider that ends its search at once
      // reports its own WEB_ABORTED; the outcome is then ended with the reason in any case.
      search.controller().abort(reason);
      search.outcome().completeExceptionally(reason);
    }
  }

  /**
   * A search being served: the controller its provider listens to, and what the caller awaits.
   * Both components compare by identity, so two searches are never the same entry.
   */
  record InFlight(AbortController controller, CompletableFuture<WebSearchResult> outcome) {}
}
