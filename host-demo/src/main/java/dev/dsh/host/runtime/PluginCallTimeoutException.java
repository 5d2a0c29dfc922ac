package dev.dsh.host.runtime;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/**
 * A plugin's {@code apply}, update handler or release action did not return within the runtime's
 * deadline. The message names the call, the deadline and the thread left in it ({@code apply did
 * not return within 10 s; thread "dsh-plugin root/x apply" is left in it}).
 */
public final class PluginCallTimeoutException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final @Nullable String stuckThread;

  PluginCallTimeoutException(String message, @Nullable String stuckThread) {
    super(
        stuckThread == null ? message : message + "; thread \"" + stuckThread + "\" is left in it",
        null, false, false);
    this.stuckThread = stuckThread;
  }

  /** {@code 10 s}, or {@code 300 ms} for a deadline that is not whole seconds. */
  static String format(java.time.Duration d) {
    return d.toMillis() % 1000 == 0 ? d.toSeconds() + " s" : d.toMillis() + " ms";
  }

  /** The name of the thread left in the call; empty when the call never started. */
  public Optional<String> stuckThread() {
    return Optional.ofNullable(stuckThread);
  }
}
