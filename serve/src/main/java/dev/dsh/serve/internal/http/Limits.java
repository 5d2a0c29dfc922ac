package dev.dsh.serve.internal.http;

import java.time.Duration;

/**
 * How much the server takes at once, and from whom.
 *
 * <p>Requests with a valid credential (the bearer token, or a signed-in session): past {@code
 * maxRequests} handled at once, up to {@code maxWaiting} more wait at most {@code maxWait} for a
 * slot; any more, or one that waited too long, gets {@code 503} with {@code Retry-After} instead of
 * queuing without bound (Jetty's {@code QoSHandler}, {@link LoadShedding}).
 *
 * <p>Clients without one never take that capacity. A missing or wrong credential is answered
 * {@code 401} from the headers alone, before any body is read. A request that needs none and
 * carries a body (the sign-in) is one of {@code maxAnonymous} handled at once, none waiting (a
 * second {@code QoSHandler}); one that carries none (the sign-in page, the console's files, the
 * probes) reads nothing, so it passes uncounted. A connection on which no request has shown a
 * valid credential is closed {@code anonymousDeadline} after it opened, however slowly it is still
 * sending its headers or body ({@link ConnectionDeadline}: Jetty's idle timeout alone never closes
 * a client that sends a byte now and then). At most {@code maxConnections} connections are open
 * at once (Jetty's {@code NetworkConnectionLimit}): past that, new ones wait to be accepted.
 *
 * @param maxRequests requests with a credential handled at once (each may hold a thread)
 * @param maxWaiting requests with a credential waiting for a slot
 * @param maxWait how long a request may wait for a slot
 * @param idleTimeout how long a connection may carry no bytes before it is closed
 * @param maxThreads the bound of the server's thread pool
 * @param maxAnonymous requests without a credential that carry a body, handled at once
 * @param anonymousDeadline how long a connection may stay open without showing a credential
 * @param maxConnections connections open at once
 */
public record Limits(
    int maxRequests,
    int maxWaiting,
    Duration maxWait,
    Duration idleTimeout,
    int maxThreads,
    int maxAnonymous,
    Duration anonymousDeadline,
    int maxConnections) {

  /** The cap of a request body, 1 MiB. */
  public static final int BODY_CAP = 1 << 20;

  /** The cap of a plugin jar uploaded to {@code POST /api/plugins}, 64 MiB ({@link BodyCap}). */
  public static final long UPLOAD_CAP = 64L << 20;

  /** The cap of a request's headers, 8 KiB. */
  public static final int HEADER_CAP = 8 * 1024;

  /**
   * 128 requests at once and 128 waiting up to 5 s, connections idle for 30 s closed, 200 threads
   * at most (the 136 handled, Jetty's acceptors and selectors, and room to spare); 8 sign-ins at
   * once, 5 s for a connection to show a credential, 2,048 connections.
   */
  public static final Limits DEFAULT = new Limits(128, 128, Duration.ofSeconds(5),
      Duration.ofSeconds(30), 200, 8, Duration.ofSeconds(5), 2048);

  public Limits {
    if (maxRequests < 1 || maxWaiting < 0 || maxAnonymous < 1
        || maxThreads < maxRequests + maxAnonymous || maxConnections < 1) {
      throw new IllegalArgumentException("limits out of range: " + maxRequests + " at once, "
          + maxWaiting + " waiting, " + maxAnonymous + " without a credential, " + maxThreads
          + " threads, " + maxConnections + " connections");
    }
    if (maxWait.isNegative() || idleTimeout.isNegative() || idleTimeout.isZero()
        || anonymousDeadline.isNegative() || anonymousDeadline.isZero()) {
      throw new IllegalArgumentException("durations must be positive");
    }
  }
}
