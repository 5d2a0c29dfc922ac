package dev.dsh.serve.internal.http;

import java.time.Duration;

/**
 * How much the server takes at once, and from whom (docs/ARCHITECTURE.md, "dsh serve").
 *
 * @param maxRequests requests with a credential handled at once (each may hold a thread)
 * @param maxWaiting requests with a credential waiting for a slot; past it, {@code 503}
 * @param maxWait how long a request may wait for a slot
 * @param idleTimeout how long a connection may carry no bytes before it is closed
 * @param maxThreads the bound of the server's thread pool
 * @param maxAnonymous requests without a credential that carry a body, handled at once, none
 *     waiting
 * @param anonymousDeadline how long a connection may stay open without showing a credential
 * @param maxConnections connections open at once; past it, new ones wait to be accepted
 */
public record Limits(int maxRequests, int maxWaiting, Duration maxWait, Duration idleTimeout,
    int maxThreads, int maxAnonymous, Duration anonymousDeadline, int maxConnections) {

  /** The cap of a request body, 1 MiB. */
  public static final int BODY_CAP = 1 << 20;

  /** The cap of a plugin jar uploaded to {@code POST /api/plugins}, 64 MiB. */
  public static final long UPLOAD_CAP = 64L << 20;

  /** The cap of a request's headers, 8 KiB. */
  public static final int HEADER_CAP = 8 * 1024;

  /**
   * 128 requests at once and 128 waiting up to 5 s, connections idle for 30 s closed, 200 threads
   * (the 136 handled, Jetty's acceptors and selectors, room to spare); 8 sign-ins at once, 5 s for
   * a connection to show a credential, 2,048 connections.
   */
  public static final Limits DEFAULT = new Limits(128, 128, Duration.ofSeconds(5),
      Duration.ofSeconds(30), 200, 8, Duration.ofSeconds(5), 2048);
}
