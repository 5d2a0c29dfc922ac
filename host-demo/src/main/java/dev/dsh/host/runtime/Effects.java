package dev.dsh.host.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Disposable;
import dev.dsh.api.Scope;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The effects one scope owns, in registration order. Touched on the runtime thread only, so an
 * effect leaves the list exactly once: whoever removes it (the scope's end or an early handle)
 * releases it. Plugin release actions run under the deadline, each isolated from the others.
 */
final class Effects {

  private static final Logger LOG = LoggerFactory.getLogger(Effects.class);

  /** A release action, a provided service or an update handler; {@code guarded} for plugin code. */
  private record Effect(
      String label, Disposable release, @Nullable ConfigUpdateHandler handler, boolean guarded) {}

  private final RuntimeThread loop;
  private final Scope owner;
  private final List<Effect> list = new ArrayList<>();

  Effects(RuntimeThread loop, Scope owner) {
    this.loop = loop;
    this.owner = owner;
  }

  /** Adds an effect; the handle releases it early, from any thread, at most once. */
  Disposable add(String label, Disposable release, @Nullable ConfigUpdateHandler handler,
      boolean guarded) {
    Effect effect = new Effect(label, release, handler, guarded);
    list.add(effect);
    return () -> loop.run(() -> {
      if (list.removeIf(e -> e == effect)) {
        release(effect);
      }
    });
  }

  int size() {
    return list.size();
  }

  /** The newest update handler, if any. */
  @Nullable ConfigUpdateHandler handler() {
    for (int i = list.size() - 1; i >= 0; i--) {
      if (list.get(i).handler() != null) {
        return list.get(i).handler();
      }
    }
    return null;
  }

  /** Releases every effect, newest first; one that fails or overstays does not stop the others. */
  void releaseAll() {
    while (!list.isEmpty()) {
      release(list.remove(list.size() - 1));
    }
  }

  private void release(Effect effect) {
    try {
      if (effect.guarded()) {
        loop.guard(owner, "release action", () -> {
          effect.release().dispose();
          return null;
        });
      } else {
        effect.release().dispose();
      }
    } catch (Exception | LinkageError e) { // one line: nothing else reports it
      LOG.warn("releasing {} of scope {} ({}) failed: {}",
          effect.label(), owner.id(), owner.pluginName(), e.toString());
    }
  }
}
