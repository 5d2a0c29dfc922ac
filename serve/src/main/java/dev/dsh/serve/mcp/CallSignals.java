package dev.dsh.serve.mcp;

import static dev.dsh.api.web.WebErrorCodes.WEB_ABORTED;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The {@code tools/call} requests owed an answer, with their abort signals, by key (session, id).
 * The SDK neither routes {@code notifications/cancelled} nor tells a handler its request's id, so
 * the door opens a call and hands the handler its {@link #META_KEY}. A cancelled call gets none.
 */
public final class CallSignals {

  public static final String CANCELLED = "notifications/cancelled";

  /** The {@code _meta} entry of a {@code tools/call} that holds its call key. */
  public static final String META_KEY = "dev.dsh/call";

  private final Map<String, Call> open = new ConcurrentHashMap<>();
  private final AbortSignal parent;

  /** Calls whose signals also fire when {@code parent} fires (a server's shutdown). */
  public CallSignals(AbortSignal parent) {
    this.parent = parent;
  }

  /** A reused id replaces the older call. */
  public void open(String key) {
    open.put(key, new Call(key));
  }

  /** Fires the signal of the call a {@code notifications/cancelled} names, if still open. */
  public void cancel(String prefix, McpMessage cancellation) {
    Call call = open.get(prefix + cancellation.callId());
    JsonNode reason = cancellation.json().path("params").path("reason");
    if (call != null) {
      call.cancelledByClient = true;
      call.controller.abort(new WebError(WEB_ABORTED, "the MCP client cancelled the call"
          + (reason.isString() ? ": " + reason.stringValue() : "")));
    }
  }

  /** Fires the signals of the calls whose key starts with {@code prefix} ("" for all). */
  public void abortAll(String prefix) {
    open.forEach((key, call) -> {
      if (key.startsWith(prefix)) {
        call.controller.abort(new WebError(WEB_ABORTED, "the MCP session ended"));
      }
    });
  }

  public int size() {
    return open.size();
  }

  /** Completes once every call owed now has been answered (or cancelled and ended). */
  public CompletableFuture<Void> allAnswered() {
    return CompletableFuture.allOf(
        open.values().stream().map(call -> call.answered).toArray(CompletableFuture[]::new));
  }

  public void answered(String key) {
    Optional.ofNullable(open.remove(key)).ifPresent(Call::end);
  }

  /** The call of {@code key}, else one only the parent aborts. */
  public Call claim(@Nullable Object key) {
    Call call = key instanceof String id ? open.get(id) : null;
    return call != null ? call : new Call(null);
  }

  public final class Call implements AutoCloseable {
    private final @Nullable String key;
    private final AbortController controller = AbortController.linkedTo(parent);
    private final CompletableFuture<Void> answered = new CompletableFuture<>();
    private volatile boolean cancelledByClient;

    private Call(@Nullable String key) {
      this.key = key;
    }

    public AbortSignal signal() {
      return controller.signal();
    }

    public boolean cancelledByClient() {
      return cancelledByClient;
    }

    /** The handler ended: a cancelled call is answered now, since no response will come. */
    @Override
    public void close() {
      if (key == null || cancelledByClient && open.remove(key, this)) {
        end();
      }
    }

    private void end() {
      controller.close();
      answered.complete(null);
    }
  }
}
