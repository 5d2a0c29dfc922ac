package dev.dsh.serve.internal.http;

import java.time.Duration;

/** How much the server takes at once, and from whom (docs/ARCHITECTURE.md, "dsh serve"). */
public record Limits(int maxRequests, int maxWaiting, Duration maxWait, Duration idleTimeout,
    int maxThreads, int maxAnonymous, Duration anonymousDeadline, int maxConnections) {

  /** The caps of a request body (1 MiB), an uploaded plugin jar (64 MiB) and headers (8 KiB). */
  public static final int BODY_CAP = 1 << 20;
  public static final long UPLOAD_CAP = 64L << 20;
  public static final int HEADER_CAP = 8 * 1024;

  /** 200 threads: the 136 requests handled at once, Jetty's acceptors and selectors, room. */
  public static final Limits DEFAULT = new Limits(128, 128, Duration.ofSeconds(5),
      Duration.ofSeconds(30), 200, 8, Duration.ofSeconds(5), 2048);
}
