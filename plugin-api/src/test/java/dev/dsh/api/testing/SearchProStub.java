package dev.dsh.api.testing;

import java.time.Duration;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one SearchPro stand-in of every module's tests: an HTTP/1.1 server on a loopback port, on
 * plain sockets so that it can do what a real server or the network does to a client — answer,
 * hold an answer until the test releases it, delay, send half a response, close the connection —
 * and see what the client does (every request, and whether it closed a held connection).
 *
 * <p>Each request goes to a route that picks the {@link StubReply}; the answers of a route can be
 * held at a gate ({@link #holdAnswers()}) and let through one by one or all at once. As a shared
 * stub of a test class ({@code RegisterExtension} on a static field) it is {@linkplain #reset()
 * reset} before each test and closed after the class, and opens again (on a new port) before the
 * next class that shares the field, as the subclasses of one base class do.
 */
public final class SearchProStub
    implements AutoCloseable, BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

  private final Queue<StubRequest> seen = new ConcurrentLinkedQueue<>();
  private final AtomicInteger requestCount = new AtomicInteger();
  private final AtomicInteger claimed = new AtomicInteger();
  private final StubGate gate = new StubGate();
  private final Function<StubRequest, StubReply> firstRoute;
  private volatile Function<StubRequest, StubReply> route;
  private volatile StubServer server;

  private SearchProStub(Function<StubRequest, StubReply> route) {
    this.firstRoute = route;
    this.route = route;
    this.server = new StubServer(this::reply);
  }

  /** A stub answering 404 until a test routes it: a test class's shared stub. */
  public static SearchProStub unrouted() {
    return answering(StubReply.status(404, "{\"stub\":\"no route for this request\"}"));
  }

  /** A stub answering every request with the SearchPro JSON {@code answer}. */
  public static SearchProStub answering(String answer) {
    return routing(request -> StubReply.json(answer));
  }

  /** A stub answering every request with {@code reply}. */
  public static SearchProStub answering(StubReply reply) {
    return routing(request -> reply);
  }

  /** A stub answering each request with what {@code route} makes of it. */
  public static SearchProStub routing(Function<StubRequest, StubReply> route) {
    return new SearchProStub(route);
  }

  /** {@code http://127.0.0.1:<port>}, the provider's {@code baseURL}. */
  public String baseUrl() {
    return "http://127.0.0.1:" + server.port();
  }

  /** Answers from now on with the SearchPro JSON {@code answer}. */
  public void answer(String answer) {
    answer(StubReply.json(answer));
  }

  /** Answers from now on with {@code reply}. */
  public void answer(StubReply reply) {
    route(request -> reply);
  }

  /** Answers from now on with what {@code route} makes of each request. */
  public void route(Function<StubRequest, StubReply> route) {
    this.route = route;
  }

  /** Holds every answer from now on at the gate, until {@link #releaseOne()} or {@link #release}. */
  public void holdAnswers() {
    gate.hold();
  }

  /** Lets one held (or the next) answer through the gate. */
  public void releaseOne() {
    gate.releaseOne();
  }

  /** Opens the gate: held and later answers go. */
  public void release() {
    gate.releaseAll();
  }

  /** Answers waiting at the gate now. */
  public int heldAnswers() {
    return gate.waiting();
  }

  /** The most answers that waited at the gate at once. */
  public int mostHeldAtOnce() {
    return gate.maxWaiting();
  }

  /** Answers that went through the gate. */
  public int passedAnswers() {
    return gate.passed();
  }

  /** Every request seen so far, oldest first. */
  public List<StubRequest> requests() {
    return List.copyOf(seen);
  }

  /** The bodies of every request seen so far, oldest first. */
  public List<String> bodies() {
    return seen.stream().map(StubRequest::body).toList();
  }

  /** The searches ({@code POST /SearchPro}) seen so far, oldest first. */
  public List<StubRequest> searches() {
    return seen.stream().filter(StubRequest::isSearch).toList();
  }

  /** How many requests the stub has seen in all, forgotten ones too. */
  public int requestCount() {
    return requestCount.get();
  }

  /** Forgets the requests seen so far (a test class's shared stub, before each test). */
  public void forgetRequests() {
    seen.clear();
    claimed.set(0);
  }

  /** The next request no earlier call claimed, waiting at most {@code bound} for it to arrive. */
  public StubRequest awaitRequest(Duration bound) throws InterruptedException {
    return awaitRequest(claimed.incrementAndGet(), bound);
  }

  /** The {@code n}-th request (from 1), waiting at most {@code bound} for it to arrive. */
  public StubRequest awaitRequest(int n, Duration bound) throws InterruptedException {
    return await(
        bound, "request " + n, () -> seen.stream().skip(n - 1L).findFirst().orElse(null));
  }

  /** The first request {@code test} accepts, waiting at most {@code bound} for it. */
  public StubRequest awaitRequest(Predicate<StubRequest> test, Duration bound)
      throws InterruptedException {
    return await(
        bound,
        "the awaited request",
        () -> seen.stream().filter(test).findFirst().orElse(null));
  }

  /** Connections accepted so far. */
  public int connections() {
    return server.accepted();
  }

  /** Held connections (hold, raw, dribble) the client closed or reset. */
  public int heldClosedByClient() {
    return server.heldClosedByClient();
  }

  /** Waits at most {@code bound} until the client has closed {@code count} held connections. */
  public void awaitHeldClosedByClient(int count, Duration bound) throws InterruptedException {
    await(
        bound,
        count + " held connection(s) closed by the client",
        () -> server.heldClosedByClient() >= count ? Boolean.TRUE : null);
  }

  private static <T> T await(Duration bound, String what, Supplier<T> poll)
      throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    for (T found = poll.get(); ; found = poll.get()) {
      if (found != null) {
        return found;
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the SearchPro stub saw no " + what + " within " + bound);
      }
      Thread.sleep(5);
    }
  }

  private StubReply reply(StubRequest request) throws InterruptedException {
    seen.add(request);
    requestCount.incrementAndGet();
    StubReply reply = route.apply(request);
    return gate.pass() ? reply : StubReply.close();
  }

  /** Back to the first route with the gate open, and every request forgotten. */
  public void reset() {
    route = firstRoute;
    gate.releaseAll();
    forgetRequests();
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (server.isClosed()) {
      gate.open();
      server = new StubServer(this::reply);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    reset();
  }

  @Override
  public void afterAll(ExtensionContext context) {
    close();
  }

  @Override
  public void close() {
    gate.close();
    server.close();
  }
}
