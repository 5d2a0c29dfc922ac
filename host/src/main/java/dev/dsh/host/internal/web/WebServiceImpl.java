package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_DUPLICATE_PROVIDER;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_ERROR;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchProvider;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.runtime.ContextAware;
import dev.dsh.host.internal.web.Registration.InFlight;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's {@link WebService}: a registry of search providers and the selection rule of the web
 * seam, applied on every call.
 *
 * <p>The pinned provider id is read on every search: first from the configured pin (the {@code web}
 * row's {@code searchProvider}, through a supplier that reads the live config), else from the launch
 * environment's {@value #PIN_VARIABLE}; a blank value pins nothing, and both are trimmed ({@link
 * ProviderPin}, the one reader of the rule). See {@link ProviderSelection}
 * for the table.
 *
 * <p>Guarantees of {@link #search}: the returned stage never fails with anything but a {@link
 * WebError} (a provider that throws, returns {@code null} or fails with another exception gives
 * {@code WEB_PROVIDER_ERROR}, the original kept as the cause); the result carries the serving
 * provider's id; its sources are cut to {@code maxResults}, and {@code truncated} is set when
 * sources were dropped here or the provider said so, and the provider's count of dropped entries is
 * kept. A query over {@link WebSearchRequest#MAX_QUERY_LENGTH} characters fails with {@code
 * WEB_INVALID_REQUEST} before selection ({@link QueryBound}). A request carrying a filter the selected provider does not {@linkplain
 * WebSearchProvider#supportedFilters() support} fails with {@code WEB_REQUEST_UNSUPPORTED} before
 * the provider is called. Each search runs under its own signal, linked
 * to the caller's: withdrawing a provider fires it and ends the search with {@code WEB_ABORTED};
 * cancelling the returned future fires it too.
 *
 * <p>Thread-safe. Through {@link #bindTo} each scope gets a view whose registrations are effects of
 * that scope.
 */
public final class WebServiceImpl implements WebService, ContextAware<WebService>, AutoCloseable {

  /** The launch-environment variable that pins a provider when the config pins none. */
  public static final String PIN_VARIABLE = "DSH_WEB_SEARCH_PROVIDER";

  private static final Logger LOG = LoggerFactory.getLogger(WebServiceImpl.class);

  private final Supplier<Optional<String>> configuredPin;
  private final LaunchEnvironment env;
  private final SearchActivity activity;
  private final Map<String, Registration> registrations = new LinkedHashMap<>();
  private boolean closed;

  /**
   * @param configuredPin reads the configured provider id (the {@code web} row's {@code
   *     searchProvider}) at the time of each call
   * @param env the launch environment, read at the time of each call for {@value #PIN_VARIABLE}
   */
  public WebServiceImpl(Supplier<Optional<String>> configuredPin, LaunchEnvironment env) {
    this(configuredPin, env, SearchActivity.NONE);
  }

  /** As the other constructor, reporting each search to {@code activity}. */
  public WebServiceImpl(
      Supplier<Optional<String>> configuredPin, LaunchEnvironment env, SearchActivity activity) {
    this.configuredPin = Objects.requireNonNull(configuredPin, "configuredPin");
    this.env = Objects.requireNonNull(env, "env");
    this.activity = Objects.requireNonNull(activity, "activity");
  }

  /**
   * Registers {@code provider} until the returned handle is disposed. Disposing it aborts the
   * provider's in-flight searches, which end with {@code WEB_ABORTED}.
   *
   * <p>This unbound form is owned by whoever holds the handle; plugins receive the {@linkplain
   * #bindTo bound view}, whose registrations end with their scope.
   *
   * @throws WebError {@code WEB_DUPLICATE_PROVIDER} when a provider with the same id is registered
   * @throws IllegalArgumentException when the provider's id is blank
   * @throws IllegalStateException when this service is closed
   */
  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    Objects.requireNonNull(provider, "provider");
    String id = Objects.requireNonNull(provider.id(), "provider id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("a web provider id must not be blank");
    }
    Registration registration = new Registration(id, provider);
    synchronized (registrations) {
      if (closed) {
        throw new IllegalStateException("the web service is closed");
      }
      if (registrations.containsKey(id)) {
        throw new WebError(
            WEB_DUPLICATE_PROVIDER, "web provider \"" + id + "\" is already registered");
      }
      registrations.put(id, registration);
    }
    LOG.debug("web provider \"{}\" registered", id);
    AtomicBoolean withdrawn = new AtomicBoolean();
    return () -> {
      if (withdrawn.compareAndSet(false, true)) {
        withdraw(registration, "web provider \"" + id + "\" was withdrawn");
      }
    };
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(signal, "signal");
    SearchActivity.Started timed = activity.started(request.query());
    Optional<WebError> tooLong = QueryBound.refusal(request);
    if (tooLong.isPresent()) {
      return timed.ended(null, CompletableFuture.failedFuture(tooLong.get()));
    }
    Registration registration;
    InFlight search;
    try {
      while (true) {
        registration = ProviderSelection.select(pin(), snapshot());
        Optional<InFlight> started = registration.begin(signal);
        if (started.isPresent()) {
          search = started.get();
          break;
        }
        // Withdrawn between selection and start: select again from the registry as it is now.
      }
    } catch (WebError e) {
      return timed.ended(null, CompletableFuture.failedFuture(e));
    }
    run(registration, search, request);
    return timed.ended(registration.id(), search.outcome());
  }

  @Override
  public List<ProviderStatus> providers() {
    return snapshot().stream()
        .sorted(Comparator.comparing(Registration::id))
        .map(Registration::status)
        .toList();
  }

  /** A view of this service whose registrations are effects of {@code caller}'s scope. */
  @Override
  public WebService bindTo(Context caller) {
    return new ScopedWebService(this, caller);
  }

  /**
   * Withdraws every provider, aborting their in-flight searches; later registrations throw. Called
   * when the {@code web} scope ends.
   */
  @Override
  public void close() {
    List<Registration> all;
    synchronized (registrations) {
      closed = true;
      all = new ArrayList<>(registrations.values());
      registrations.clear();
    }
    for (Registration registration : all) {
      registration.withdraw(
          new WebError(WEB_ABORTED, "the web service closed while the search was running"));
    }
  }

  @Override
  public String toString() {
    return "WebService" + providers();
  }

  /** The pinned provider id for this call, if any ({@link ProviderPin}). */
  Optional<String> pin() {
    return ProviderPin.read(configuredPin.get(), env);
  }

  List<Registration> snapshot() {
    synchronized (registrations) {
      return new ArrayList<>(registrations.values());
    }
  }

  private void withdraw(Registration registration, String why) {
    synchronized (registrations) {
      registrations.remove(registration.id(), registration);
    }
    registration.withdraw(new WebError(WEB_ABORTED, why));
    LOG.debug("web provider \"{}\" withdrawn", registration.id());
  }

  private static void run(Registration registration, InFlight search, WebSearchRequest request) {
    String id = registration.id();
    CompletableFuture<WebSearchResult> outcome = search.outcome();
    outcome.whenComplete(
        (result, error) -> {
          if (outcome.isCancelled()) {
            search.controller().abort();
            registration.end(search); // even when the provider never answers
          }
        });
    CompletionStage<WebSearchResult> stage;
    try {
      Optional<WebError> refusal = FilterSupport.refusal(id, registration.provider(), request);
      if (refusal.isPresent()) {
        registration.end(search);
        outcome.completeExceptionally(refusal.get());
        return;
      }
      stage = registration.provider().search(request, search.controller().signal());
      if (stage == null) {
        throw new NullPointerException("search returned no stage");
      }
    } catch (RuntimeException e) {
      registration.end(search);
      outcome.completeExceptionally(SearchEnd.failure(id, e));
      return;
    }
    stage.whenComplete(
        (result, error) -> {
          registration.end(search);
          if (error != null) {
            outcome.completeExceptionally(SearchEnd.failure(id, error));
          } else if (result == null) {
            outcome.completeExceptionally(
                new WebError(WEB_PROVIDER_ERROR, "web provider \"" + id + "\" returned no result"));
          } else {
            outcome.complete(SearchEnd.result(id, request, result));
          }
        });
  }
}
