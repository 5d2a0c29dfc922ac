package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;
import static dev.dsh.api.web.WebErrorCodes.WEB_DUPLICATE_PROVIDER;
import static dev.dsh.api.web.WebErrorCodes.WEB_INVALID_REQUEST;
import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

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
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.host.model.SearchRecord.Outcome;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Supplier;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's {@link WebService}: providers, selection on every call and the query bound; its
 * searches fail with {@link WebError}s only. A scope's view registers providers as its effects.
 */
public final class WebServiceImpl implements WebService, ContextAware<WebService>, AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(WebServiceImpl.class);

  /** The launch-environment variable that pins a provider when the config pins none. */
  public static final String PIN_VARIABLE = "DSH_WEB_SEARCH_PROVIDER";

  private final Supplier<Optional<String>> configuredPin;
  private final LaunchEnvironment env;
  private final ActivityListener activity;
  private final Supplier<Optional<String>> refusal;
  private final Map<String, Registration> registrations = new ConcurrentSkipListMap<>(); // by id
  private boolean closed;

  /** {@code refusal} is a search's error while no provider is registered. */
  public WebServiceImpl(Supplier<Optional<String>> configuredPin, LaunchEnvironment env,
      ActivityListener activity, Supplier<Optional<String>> refusal) {
    this.configuredPin = Objects.requireNonNull(configuredPin, "configuredPin");
    this.env = Objects.requireNonNull(env, "env");
    this.activity = Objects.requireNonNull(activity, "activity");
    this.refusal = Objects.requireNonNull(refusal, "refusal");
  }

  /** The host's service behind {@code service} (itself, or a scope's view of it), if it is one. */
  public static Optional<WebServiceImpl> of(WebService service) {
    WebService own = service instanceof View view ? view.service() : service;
    return own instanceof WebServiceImpl impl ? Optional.of(impl) : Optional.empty();
  }

  /** @throws IllegalStateException when this service is closed */
  @Override
  public Disposable registerSearchProvider(WebSearchProvider provider) {
    String id = Objects.requireNonNull(Objects.requireNonNull(provider, "provider").id(), "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("a web provider id must not be blank");
    }
    Registration registration = new Registration(id, provider);
    synchronized (registrations) {
      if (closed) {
        throw new IllegalStateException("the web service is closed");
      }
      if (registrations.putIfAbsent(id, registration) != null) {
        throw new WebError(
            WEB_DUPLICATE_PROVIDER, "web provider \"" + id + "\" is already registered");
      }
    }
    return () -> {
      registrations.remove(id, registration);
      registration.withdraw(new WebError(WEB_ABORTED, "web provider \"" + id + "\" was withdrawn"));
    };
  }

  @Override
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(signal, "signal");
    guarded(() -> activity.searchStarted(request.query()), "searchStarted");
    long start = System.nanoTime();
    try {
      int length = request.query().codePointCount(0, request.query().length());
      if (length > WebSearchRequest.MAX_QUERY_LENGTH) {
        throw new WebError(WEB_INVALID_REQUEST, "the query is " + length
            + " characters long; at most " + WebSearchRequest.MAX_QUERY_LENGTH
            + " are allowed: shorten it");
      }
      while (true) {
        Registration registration = select();
        Optional<CompletableFuture<WebSearchResult>> outcome = registration.search(request, signal);
        if (outcome.isPresent()) {
          return ended(request.query(), start, registration.id(), outcome.get());
        }
        // Withdrawn between selection and start: select again from the registry as it is now.
      }
    } catch (WebError e) {
      return ended(request.query(), start, null, CompletableFuture.failedFuture(e));
    }
  }

  @Override
  public List<ProviderStatus> providers() {
    return snapshot().stream().map(Registration::status).toList();
  }

  public Optional<String> pin() {
    return ProviderSelection.pin(configuredPin.get(), env);
  }

  /** The id of the provider a search would get now; else throws the search's {@link WebError}. */
  public String selected() {
    return select().id();
  }

  /** How many searches wait in each provider's line, by id in id order. */
  public Map<String, Integer> queueDepths() {
    Map<String, Integer> depths = new LinkedHashMap<>();
    snapshot().forEach(registration -> depths.put(registration.id(), registration.queueDepth()));
    return depths;
  }

  @Override
  public WebService bindTo(Context caller) {
    return new View(this, caller);
  }

  /** Withdraws every provider, aborting their searches; later registrations throw. */
  @Override
  public void close() {
    List<Registration> all;
    synchronized (registrations) {
      closed = true;
      all = List.copyOf(registrations.values());
      registrations.clear();
    }
    all.forEach(registration -> registration.withdraw(
        new WebError(WEB_ABORTED, "the web service closed while the search was running")));
  }

  /** Runs {@code call} to an {@link ActivityListener}, logging what it throws. */
  public static void guarded(Runnable call, String what) {
    try {
      call.run();
    } catch (RuntimeException e) {
      LOG.warn("the activity listener failed in {}; ignored", what, e);
    }
  }

  /** Reports the end of {@code outcome}; returns it, so a cancel still reaches the search. */
  private <T extends CompletionStage<WebSearchResult>> T ended(
      String query, long start, @Nullable String provider, T outcome) {
    outcome.whenComplete((result, error) -> guarded(() -> {
      Optional<String> code =
          Optional.ofNullable(error).map(e -> WebError.of(e, "web search").code());
      Outcome end = code.isEmpty() ? Outcome.OK
          : code.get().equals(WEB_ABORTED) ? Outcome.ABORTED : Outcome.ERROR;
      activity.searchEnded(new SearchRecord(Optional.ofNullable(provider), end, code,
          Duration.ofNanos(System.nanoTime() - start), query));
    }, "searchEnded"));
    return outcome;
  }

  private Registration select() {
    List<Registration> registered = snapshot();
    if (registered.isEmpty()) {
      refusal.get().ifPresent(message -> {
        throw new WebError(WEB_PROVIDER_UNAVAILABLE, message);
      });
    }
    return ProviderSelection.select(pin(), registered);
  }

  private List<Registration> snapshot() {
    return List.copyOf(registrations.values());
  }

  private record View(WebServiceImpl service, Context caller) implements WebService {

    @Override
    public Disposable registerSearchProvider(WebSearchProvider provider) {
      Disposable registration = service.registerSearchProvider(provider);
      try {
        return caller.effect(registration);
      } catch (RuntimeException e) {
        registration.dispose();
        throw e;
      }
    }

    @Override
    public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
      return service.search(request, signal);
    }

    @Override
    public List<ProviderStatus> providers() {
      return service.providers();
    }
  }
}
