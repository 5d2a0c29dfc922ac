package dev.dsh.host.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Disposable;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;

/**
 * One thing a scope owns besides its children: a release action, a provided service, or an update
 * handler. Released at most once, whoever gets there first (the scope's end or an early handle).
 */
final class Effect {

  private final String label;
  private final Disposable release;
  private final @Nullable ConfigUpdateHandler handler;
  private final AtomicBoolean released = new AtomicBoolean();

  private Effect(String label, Disposable release, @Nullable ConfigUpdateHandler handler) {
    this.label = label;
    this.release = release;
    this.handler = handler;
  }

  static Effect release(Disposable release) {
    return new Effect("release action", release, null);
  }

  static Effect service(String serviceName, Disposable withdraw) {
    return new Effect("service \"" + serviceName + "\"", withdraw, null);
  }

  static Effect updateHandler(ConfigUpdateHandler handler) {
    return new Effect("update handler", Disposable.noop(), handler);
  }

  /** Whether releasing runs plugin code (and so goes under the runtime's deadline). */
  boolean pluginCode() {
    return handler == null && label.equals("release action");
  }

  /** What the effect is, for logs; never a value. */
  String label() {
    return label;
  }

  @Nullable ConfigUpdateHandler handler() {
    return handler;
  }

  /**
   * Runs the release action unless it already ran.
   *
   * @return false when it had already run
   */
  boolean releaseOnce() {
    if (!released.compareAndSet(false, true)) {
      return false;
    }
    release.dispose();
    return true;
  }
}
