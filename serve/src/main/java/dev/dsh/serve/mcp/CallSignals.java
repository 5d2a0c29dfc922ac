package dev.dsh.serve.mcp;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;

/**
 * The {@code tools/call} requests the client is still owed an answer for, by call key (the
 * request's JSON-RPC id as JSON text, prefixed by the session where a server has several): each
 * with the abort signal of its searches.
 *
 * <p>MCP SDK 2.1.0 neither routes {@code notifications/cancelled} to the server nor tells a tool
 * handler its request's id. So the door that reads the messages opens a call here when it reads
 * one, before the SDK sees it, and hands the handler the key under {@link #META_KEY} (on stdio a
 * relay of the input tags the request's {@code _meta}; over HTTP a servlet filter puts it in the
 * SDK's transport context); the handler {@linkplain #claim claims} the call by it, and a
 * cancellation the door reads fires its signal. A call is owed until the door has written its
 * response, or, for a call the client cancelled (which gets none), until its handler has ended.
 */
public final class CallSignals {

  /** The {@code _meta} entry of a {@code tools/call} that holds its call key. */
  public static final String META_KEY = "dev.dsh/call";

  private final Map<String, Owed> open = new ConcurrentHashMap<>();
  private final AbortSignal parent;

  /** Calls aborted only by the client or the door. */
  public CallSignals() {
    this(AbortSignal.never());
  }

  /** Calls whose signals also fire when {@code parent} fires (a server's shutdown). */
  public CallSignals(AbortSignal parent) {
    this.parent = parent;
  }

  /** Opens the call with key {@code key}; a reused id replaces the older one. */
  public void open(String key) {
    open.put(key, new Owed(AbortController.linkedTo(parent)));
  }

  /** Fires the signal of call {@code key} if it is still open; false when it is not. */
  public boolean cancel(String key, @Nullable String reason) {
    Owed owed = open.get(key);
    if (owed == null) {
      return false;
    }
    owed.cancelledByClient = true;
    owed.controller.abort(
        aborted("the MCP client cancelled the call" + (reason == null ? "" : ": " + reason)));
    return true;
  }

  /** Fires every open signal: the session is ending. */
  public void abortAll() {
    abortAll("");
  }

  /** Fires the signals of the open calls whose key starts with {@code prefix}: a session ended. */
  public void abortAll(String prefix) {
    for (Map.Entry<String, Owed> call : List.copyOf(open.entrySet())) {
      if (call.getKey().startsWith(prefix)) {
        call.getValue().controller.abort(aborted("the MCP session ended"));
      }
    }
  }

  /** How many calls are owed an answer. */
  public int size() {
    return open.size();
  }

  /** Completes once every call owed now has been answered (or cancelled and ended). */
  public CompletableFuture<Void> allAnswered() {
    return CompletableFuture.allOf(
        open.values().stream().map(owed -> owed.answered).toArray(CompletableFuture[]::new));
  }

  /** The response of the request with key {@code key} has been written. */
  public void answered(String key) {
    Owed owed = open.remove(key);
    if (owed != null) {
      owed.controller.close();
      owed.answered.complete(null);
    }
  }

  /**
   * The call whose key the request's {@code _meta} holds; when it holds none (a request that did
   * not come through the door), a call the client cannot cancel, aborted only with the parent.
   */
  public Call claim(@Nullable Map<String, Object> meta) {
    Object key = meta == null ? null : meta.get(META_KEY);
    Owed owed = key instanceof String k ? open.get(k) : null;
    return new Call(owed == null ? null : (String) key, owed);
  }

  private static WebError aborted(String message) {
    return new WebError(WebErrorCodes.WEB_ABORTED, message);
  }

  /** One call owed an answer. */
  private static final class Owed {
    final AbortController controller;
    final CompletableFuture<Void> answered = new CompletableFuture<>();
    volatile boolean cancelledByClient;

    Owed(AbortController controller) {
      this.controller = controller;
    }
  }

  /** One claimed call, {@linkplain #close() closed} when its handler ends. */
  public final class Call implements AutoCloseable {
    private final @Nullable String key;
    private final @Nullable Owed owed;

    private Call(@Nullable String key, @Nullable Owed owed) {
      this.key = key;
      this.owed = owed;
    }

    /** The abort signal of the call's searches. */
    public AbortSignal signal() {
      return owed == null ? parent : owed.controller.signal();
    }

    /** True once the client cancelled this call: it gets no response. */
    public boolean cancelledByClient() {
      return owed != null && owed.cancelledByClient;
    }

    /** The handler ended; a cancelled call is then answered, since no response will come. */
    @Override
    public void close() {
      if (key != null && owed != null && owed.cancelledByClient && open.remove(key, owed)) {
        owed.controller.close();
        owed.answered.complete(null);
      }
    }
  }
}
