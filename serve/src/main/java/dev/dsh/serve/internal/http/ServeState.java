package dev.dsh.serve.internal.http;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.Host;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What every endpoint asks of the server: the host once booted, whether the server is draining,
 * and the signal that aborts what still runs when the drain deadline passes. The boot completes
 * {@link #host()} once; draining only ever turns on.
 */
public final class ServeState {

  private final CompletableFuture<Host> host = new CompletableFuture<>();
  private final AbortController shutdown = new AbortController();
  private volatile boolean draining;

  /** Completes with the host once it has booted, exceptionally when the boot failed. */
  public CompletableFuture<Host> host() {
    return host;
  }

  /** The host, if it has booted. */
  public Optional<Host> booted() {
    return host.isDone() && !host.isCompletedExceptionally()
        ? Optional.of(host.join())
        : Optional.empty();
  }

  /** Why the server cannot serve searches now, if it cannot: booting, a failed boot, draining. */
  public Optional<String> notReady() {
    if (draining) {
      return Optional.of("the server is shutting down");
    }
    if (!host.isDone()) {
      return Optional.of("the host is booting");
    }
    if (host.isCompletedExceptionally()) {
      return Optional.of("the host did not start");
    }
    return Optional.empty();
  }

  /** True once shutdown began. */
  public boolean draining() {
    return draining;
  }

  /** Shutdown began: readiness fails from now on. */
  public void startDraining() {
    draining = true;
  }

  /**
   * Fires when the drain deadline passes: every search an endpoint started links its own signal
   * to this one, so it is aborted then.
   */
  public AbortSignal shutdownSignal() {
    return shutdown.signal();
  }

  /** The drain deadline passed: aborts every search still running. */
  public void abortInFlight() {
    shutdown.abort(new WebError(WebErrorCodes.WEB_ABORTED, "the server is shutting down"));
  }
}
