package dev.dsh.host.mcp;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The abort signals of the {@code tools/call} requests a client may still cancel, by call key (the
 * request's JSON-RPC id as JSON text).
 *
 * <p>MCP SDK 2.1.0 neither routes {@code notifications/cancelled} to the server nor tells a tool
 * handler its request's id. So {@link StdinRelay} opens a signal here when it reads a call, before
 * the SDK sees it, and tags the request's {@code _meta} with the key under {@link #META_KEY}; the
 * handler {@linkplain #claim claims} the signal by that tag and closes it when the call ends, and a
 * cancellation read by the relay fires it.
 */
final class CallSignals {

  /** The {@code _meta} entry of a {@code tools/call} that holds its call key. */
  static final String META_KEY = "dev.dsh/call";

  private final Map<String, AbortController> open = new ConcurrentHashMap<>();

  /** Opens the signal of the call with key {@code key}; a reused id replaces the older one. */
  void open(String key) {
    open.put(key, new AbortController());
  }

  /** Fires the signal of call {@code key} if it is still open; false when it is not. */
  boolean cancel(String key, @Nullable String reason) {
    AbortController controller = open.get(key);
    if (controller == null) {
      return false;
    }
    controller.abort(aborted("the MCP client cancelled the call" + (reason == null ? "" : ": " + reason)));
    return true;
  }

  /** Fires every open signal: the input ended. */
  void abortAll() {
    for (AbortController controller : List.copyOf(open.values())) {
      controller.abort(aborted("the MCP session ended"));
    }
  }

  /** How many calls are open. */
  int size() {
    return open.size();
  }

  /**
   * The call whose key the request's {@code _meta} holds; a call that cannot be cancelled when it
   * holds none (a request that did not come through the relay).
   */
  Call claim(@Nullable Map<String, Object> meta) {
    Object key = meta == null ? null : meta.get(META_KEY);
    AbortController controller = key instanceof String k ? open.get(k) : null;
    if (controller == null) {
      return new Call(null, AbortSignal.never(), null);
    }
    return new Call((String) key, controller.signal(), controller);
  }

  private static WebError aborted(String message) {
    return new WebError(WebErrorCodes.WEB_ABORTED, message);
  }

  /** One claimed call: its signal, released by {@link #close()} when the call ends. */
  final class Call implements AutoCloseable {
    private final @Nullable String key;
    private final AbortSignal signal;
    private final @Nullable AbortController controller;

    private Call(@Nullable String key, AbortSignal signal, @Nullable AbortController controller) {
      this.key = key;
      this.signal = signal;
      this.controller = controller;
    }

    AbortSignal signal() {
      return signal;
    }

    @Override
    public void close() {
      if (key != null && controller != null) {
        open.remove(key, controller);
        controller.close();
      }
    }
  }
}
