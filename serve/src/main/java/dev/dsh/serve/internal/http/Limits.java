package dev.dsh.serve.internal.http;

import java.time.Duration;

/**
 * How much the server takes at once. Past {@code maxRequests} handled at once, up to {@code
 * maxWaiting} more wait at most {@code maxWait} for a slot; any more, or one that waited too long,
 * gets {@code 503} with {@code Retry-After} instead of queuing without bound.
 *
 * @param maxRequests requests handled at once (each may hold a thread of the pool)
 * @param maxWaiting requests waiting for a slot
 * @param maxWait how long a request may wait for a slot
 * @param idleTimeout how long a connection may carry no bytes before it is closed
 * @param maxThreads the bound of the server's thread pool
 */
public record Limits(
    int maxRequests, int maxWaiting, Duration maxWait, Duration idleTimeout, int maxThreads) {

  /** The cap of a request body, 1 MiB. */
  public static final int BODY_CAP = 1 << 20;

  /** The cap of a plugin jar uploaded to {@code POST /api/plugins}, 64 MiB ({@link BodyCap}). */
  public static final long UPLOAD_CAP = 64L << 20;

  /** The cap of a request's headers, 8 KiB. */
  public static final int HEADER_CAP = 8 * 1024;

  /**
   * 128 requests at once and 128 waiting up to 5 s, connections idle for 30 s closed, 200 threads
   * at most: the 128 handled, Jetty's acceptors and selectors, and room to spare.
   */
  public static final Limits DEFAULT =
      new Limits(128, 128, Duration.ofSeconds(5), Duration.ofSeconds(30), 200);

  public Limits {
    if (maxRequests < 1 || maxWaiting < 0 || maxThreads < maxRequests) {
      throw new IllegalArgumentException("limits out of range: " + maxRequests + " at once, "
          + maxWaiting + " waiting, " + maxThreads + " threads");
    }
    if (maxWait.isNegative() || idleTimeout.isNegative() || idleTimeout.isZero()) {
      throw new IllegalArgumentException("durations must be positive");
    }
  }
}
