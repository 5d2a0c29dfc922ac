package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One registered provider and the searches it is serving now.
 *
 * <p>A search ends at the first of: the provider's answer, its deadline ({@link
 * WebError#timedOut}), the caller's signal, the provider's withdrawal, or the caller cancelling the
 * returned future. In every case but the first the provider's signal fires, and the search ends
 * whether or not the provider ends it, so no caller waits on a provider that ignores its abort.
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

  /** Its availability, readiness and, when it is not ready, why. */
  ProviderStatus status() {
    return unavailable().orElseGet(this::readiness);
  }

  /** Its status when it is not available (or its {@code available()} throws); else empty. */
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

  /** The status of an available provider: ready or not (or its {@code ready()} throws), and why. */
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

  /** How many searches wait in its line: 0 when it throws or says less. */
  int queueDepth() {
    try {
      return Math.max(0, provider.queueDepth());
    } catch (RuntimeException e) {
      LOG.debug("web provider \"{}\" failed to report its queue depth", id, e);
      return 0;
    }
  }

  /** The class only: a provider's message is not known to be free of secrets. */
  private static String failedToReport(String what, RuntimeException e) {
    return "it failed to report its " + what + " (" + e.getClass().getSimpleName() + ")";
  }

  /** The provider's reason as one short line with no URL password. */
  private @Nullable String reason(Supplier<Optional<String>> reason, String state) {
    try {
      return reason.get().map(r -> UrlUserInfo.redact(r.strip().replaceAll("\\s+", " ")))
          .map(r -> r.length() <= MAX_REASON ? r : r.substring(0, MAX_REASON - 1) + "…")
          .orElse(null);
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to say why it is {}", id, state, e);
      return null;
    }
  }

  /**
   * Starts {@code request} on the provider under a signal that follows {@code caller} and the
   * request's timeout; empty once withdrawn, so the caller selects again.
   */
  Optional<CompletableFuture<WebSearchResult>> search(WebSearchRequest request, AbortSignal caller) {
    InFlight search = new InFlight(caller, request.timeout());
    boolean started;
    synchronized (this) {
      started = !withdrawn && inFlight.add(search);
    }
    if (!started) {
      search.controller.close();
      return Optional.empty();
    }
    search.outcome.whenComplete((result, error) -> {
      if (search.outcome.isCancelled()) {
        search.controller.abort();
      }
      end(search);
    });
    run(search, request.withTimeout(null));
    return Optional.of(search.outcome);
  }

  private void run(InFlight search, WebSearchRequest request) {
    CompletableFuture<WebSearchResult> outcome = search.outcome;
    CompletionStage<WebSearchResult> stage;
    try {
      Optional<WebError> refusal = SearchRules.filterRefusal(id, provider, request);
      if (refusal.isPresent()) {
        outcome.completeExceptionally(refusal.get());
        return;
      }
      stage = provider.search(request, search.controller.signal());
      if (stage == null) {
        throw new NullPointerException("search returned no stage");
      }
    } catch (RuntimeException e) {
      outcome.completeExceptionally(SearchRules.failure(id, e));
      return;
    }
    // Registered after the provider's own handlers: a provider that ends its search as its signal
    // fires reports its own WEB_ABORTED; this ends the search in any case.
    search.controller.signal().onAbort(() -> outcome.completeExceptionally(search.aborted()));
    stage.whenComplete((result, error) -> {
      if (search.timedOut()) {
        outcome.completeExceptionally(search.aborted());
      } else if (error != null) {
        outcome.completeExceptionally(SearchRules.failure(id, error));
      } else if (result == null) {
        outcome.completeExceptionally(
            new WebError(WEB_PROVIDER_ERROR, "web provider \"" + id + "\" returned no result"));
      } else {
        outcome.complete(SearchRules.cut(id, request, result));
      }
    });
  }

  private void end(InFlight search) {
    synchronized (this) {
      inFlight.remove(search);
    }
    search.controller.close(); // unlinks it from the caller's signal
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
    }
    toAbort.forEach(search -> search.controller.abort(reason));
  }

  /**
   * A search being served. Compared by identity, with no generated {@code equals} to bind on a
   * one-shot search's first call.
   */
  private static final class InFlight {
    final CompletableFuture<WebSearchResult> outcome = new CompletableFuture<>();
    final AbortController controller;
    private final @Nullable AbortSignal deadline;
    private final @Nullable Duration timeout;

    InFlight(AbortSignal caller, @Nullable Duration timeout) {
      this.timeout = timeout;
      this.deadline = timeout == null ? null : AbortSignal.timeout(timeout);
      this.controller = deadline == null
          ? AbortController.linkedTo(caller) : AbortController.linkedTo(caller, deadline);
    }

    /** Whether its deadline fired before anything else aborted it. */
    boolean timedOut() {
      return deadline != null
          && deadline.reason().isPresent()
          && controller.signal().reason().orElse(null) == deadline.reason().get();
    }

    /** How it ends once its signal fired: timed out, else the reason as a {@code WEB_ABORTED}. */
    WebError aborted() {
      if (timedOut()) {
        return WebError.timedOut(timeout);
      }
      Throwable reason = controller.signal().reason().orElse(null);
      return reason instanceof WebError error
          ? error : new WebError(WEB_ABORTED, "web search was aborted", reason);
    }
  }
}
