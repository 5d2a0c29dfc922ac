package dev.dsh.serve.internal.http;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.Host;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/** What every endpoint asks of the server: the host once booted, draining, the drain's abort. */
public final class ServeState {

  private final CompletableFuture<Host> host = new CompletableFuture<>();
  private final AbortController shutdown = new AbortController();
  private volatile boolean draining;

  /** Completes with the host once it has booted, exceptionally when the boot failed. */
  public CompletableFuture<Host> host() {
    return host;
  }

  public Optional<Host> booted() {
    return Optional.ofNullable(host.isCompletedExceptionally() ? null : host.getNow(null));
  }

  /** Why the server cannot serve searches now, if it cannot: draining, booting, a failed boot. */
  public Optional<String> notReady() {
    return Optional.ofNullable(draining ? "the server is shutting down"
        : !host.isDone() ? "the host is booting"
        : host.isCompletedExceptionally() ? "the host did not start"
        : null);
  }

  public void startDraining() {
    draining = true;
  }

  /** Fires at the drain deadline: every search links its signal to it. */
  public AbortSignal shutdownSignal() {
    return shutdown.signal();
  }

  public void abortInFlight() {
    shutdown.abort(new WebError(WebErrorCodes.WEB_ABORTED, "the server is shutting down"));
  }
}
