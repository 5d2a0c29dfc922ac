package dev.dsh.host.internal.runtime;

import java.time.Duration;

/**
 * Plugin code overstayed the runtime's deadline: {@code apply did not return within 10 s; thread
 * "dsh-plugin root/x apply" is left in it}.
 */
public final class PluginCallTimeoutException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  PluginCallTimeoutException(Object what, Duration deadline, String stuckThread) {
    super(what + " did not return within " + (deadline.toMillis() % 1000 == 0
        ? deadline.toSeconds() + " s" : deadline.toMillis() + " ms")
        + "; thread \"" + stuckThread + "\" is left in it", null, false, false);
  }
}
