package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;
import static dev.dsh.api.web.WebErrorCodes.WEB_REQUEST_UNSUPPORTED;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.SearchFilter;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One registered provider and its searches: each ends at its answer, deadline, caller's abort,
 * withdrawal or cancel, whichever comes first, whether or not the provider honours its signal.
 */
final class Registration {

  private static final Logger LOG = LoggerFactory.getLogger(Registration.class);

  private final String id;
  private final WebSearchProvider provider;
  private final AbortController withdrawal = new AbortController();

  Registration(String id, WebSearchProvider provider) {
    this.id = id;
    this.provider = provider;
  }

  String id() {
    return id;
  }

  ProviderStatus status() {
    return unavailable().orElseGet(this::readiness);
  }

  Optional<ProviderStatus> unavailable() {
    try {
      return provider.available() ? Optional.empty() : Optional.of(
          new ProviderStatus(id, false, false, reason(provider::unavailableReason, "unavailable")));
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to report its availability; treating it as unavailable", id, e);
      return Optional.of(new ProviderStatus(id, false, false, failedToReport("availability", e)));
    }
  }

  /** The status of an available provider: ready or not (or {@code ready()} throws), and why. */
  ProviderStatus readiness() {
    try {
      return provider.ready() ? new ProviderStatus(id, true, true, null)
          : new ProviderStatus(id, true, false, reason(provider::notReadyReason, "not ready"));
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to report its readiness; taking it as not ready", id, e);
      return new ProviderStatus(id, true, false, failedToReport("readiness", e));
    }
  }

  /** How many searches wait in its line; 0 when it throws or says less. */
  int queueDepth() {
    try {
      return Math.max(0, provider.queueDepth());
    } catch (RuntimeException e) {
      LOG.debug("web provider \"{}\" failed to report its queue depth", id, e);
      return 0;
    }
  }

  // The class only: a provider's message is not known to be free of secrets.
  private static String failedToReport(String what, RuntimeException e) {
    return "it failed to report its " + what + " (" + e.getClass().getSimpleName() + ")";
  }

  /** The provider's reason on one line of at most 200 characters, with no URL password. */
  private @Nullable String reason(Supplier<Optional<String>> reason, String state) {
    try {
      return reason.get().map(r -> UrlUserInfo.redact(r.strip().replaceAll("\\s+", " ")))
          .map(r -> r.length() <= 200 ? r : r.substring(0, 199) + "…").orElse(null);
    } catch (RuntimeException e) {
      LOG.warn("web provider \"{}\" failed to say why it is {}", id, state, e);
      return null;
    }
  }

  /** Starts {@code request}; empty once withdrawn, so the caller selects again. */
  Optional<CompletableFuture<WebSearchResult>> search(WebSearchRequest request, AbortSignal caller) {
    if (withdrawal.signal().aborted()) {
      return Optional.empty();
    }
    Duration timeout = request.timeout();
    AbortSignal deadline = timeout == null ? AbortSignal.never() : AbortSignal.timeout(timeout);
    AbortController controller = AbortController.linkedTo(caller, withdrawal.signal(), deadline);
    CompletableFuture<WebSearchResult> outcome = new CompletableFuture<>();
    outcome.whenComplete((result, error) -> {
      if (outcome.isCancelled()) {
        controller.abort();
      }
      controller.close(); // unlinks it from the caller's signal and the withdrawal
    });
    // Timed out when the deadline fired before anything else aborted it.
    BooleanSupplier timedOut = () -> deadline.aborted()
        && controller.signal().reason().equals(deadline.reason());
    Supplier<WebError> aborted = () -> {
      Throwable reason = controller.signal().reason().orElse(null);
      return timedOut.getAsBoolean() ? WebError.timedOut(Objects.requireNonNull(timeout))
          : reason instanceof WebError error ? error
          : new WebError(WEB_ABORTED, "web search was aborted", reason);
    };
    WebSearchRequest sent = request.withTimeout(null);
    CompletionStage<WebSearchResult> stage;
    try {
      checkFilters(sent);
      stage = Objects.requireNonNull(provider.search(sent, controller.signal()), "no stage");
    } catch (RuntimeException e) {
      outcome.completeExceptionally(failure(e));
      return Optional.of(outcome);
    }
    // After the provider's own handlers: a provider that ends its search as its signal fires
    // reports its own WEB_ABORTED; this ends it in any case.
    controller.signal().onAbort(() -> outcome.completeExceptionally(aborted.get()));
    stage.whenComplete((result, error) -> {
      if (timedOut.getAsBoolean()) {
        outcome.completeExceptionally(aborted.get());
      } else if (error != null) {
        outcome.completeExceptionally(failure(error));
      } else if (result == null) {
        outcome.completeExceptionally(
            new WebError(WEB_PROVIDER_ERROR, "web provider \"" + id + "\" returned no result"));
      } else {
        outcome.complete(cut(sent, result));
      }
    });
    return Optional.of(outcome);
  }

  private void checkFilters(WebSearchRequest request) {
    Set<SearchFilter> used = request.filters().used();
    Set<SearchFilter> supported = used.isEmpty() ? Set.of() : provider.supportedFilters();
    String missing = used.stream()
        .filter(filter -> supported == null || !supported.contains(filter))
        .map(SearchFilter::fieldName)
        .collect(Collectors.joining(", "));
    if (!missing.isEmpty()) {
      throw new WebError(WEB_REQUEST_UNSUPPORTED, "web provider \"" + id
          + "\" does not support the filter" + (missing.contains(",") ? "s " : " ") + missing);
    }
  }

  private WebSearchResult cut(WebSearchRequest request, WebSearchResult result) {
    List<WebSearchSource> sources = result.sources();
    Integer max = request.maxResults();
    boolean cut = max != null && sources.size() > max;
    return new WebSearchResult(id, result.content(), cut ? sources.subList(0, max) : sources,
        cut || result.truncated(), result.dropped());
  }

  /** The provider's failure as {@link WebError#of}, its message's URL user-info hidden. */
  private WebError failure(Throwable error) {
    WebError webError = WebError.of(error, "web provider \"" + id + "\"");
    String message = UrlUserInfo.redact(webError.getMessage());
    if (message.equals(webError.getMessage())) {
      return webError;
    }
    WebError redacted = new WebError(
        webError.code(), message, webError.providerCode().orElse(null), webError.getCause());
    return webError.upstreamStatus()
        .map(status -> redacted.withUpstream(status, webError.retryAfter().orElse(null)))
        .orElse(redacted);
  }

  void withdraw(WebError reason) {
    withdrawal.abort(reason);
  }
}
