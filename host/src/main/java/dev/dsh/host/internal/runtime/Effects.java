package dev.dsh.host.internal.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Disposable;
import dev.dsh.api.Scope;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The release actions and update handlers one scope owns, in registration order. Touched on the
 * runtime thread only, so an effect leaves the list exactly once: whoever removes it (the scope's
 * end or an early handle) releases it. Release actions run under the deadline, each isolated.
 */
final class Effects {

  private static final Logger LOG = LoggerFactory.getLogger(Effects.class);

  /** A release action, or an update handler (with nothing to release). */
  private record Effect(Disposable release, @Nullable ConfigUpdateHandler handler) {}

  private final RuntimeThread loop;
  private final Scope owner;
  private final List<Effect> list = new ArrayList<>();

  Effects(RuntimeThread loop, Scope owner) {
    this.loop = loop;
    this.owner = owner;
  }

  /** Adds an effect; the handle releases it early, from any thread, at most once. */
  Disposable add(Disposable release, @Nullable ConfigUpdateHandler handler) {
    Effect effect = new Effect(release, handler);
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
    return list.stream().map(Effect::handler).filter(h -> h != null).reduce((a, b) -> b)
        .orElse(null);
  }

  /** Releases every effect, newest first; one that fails or overstays does not stop the others. */
  void releaseAll() {
    while (!list.isEmpty()) {
      release(list.remove(list.size() - 1));
    }
  }

  private void release(Effect effect) {
    if (effect.handler() != null) {
      return;
    }
    try {
      loop.guard(owner, PluginCallback.RELEASE_ACTION, () -> {
        effect.release().dispose();
        return null;
      });
    } catch (Exception | LinkageError e) { // one line: nothing else reports it
      LOG.warn("releasing release action of scope {} ({}) failed: {}",
          owner.id(), owner.pluginName(), e.toString());
    }
  }
}
