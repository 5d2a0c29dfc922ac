package dev.dsh.host.runtime;

import dev.dsh.api.ConfigUpdateHandler;
import dev.dsh.api.Disposable;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The effects one scope owns, in registration order. Touched on the runtime thread only; plugin
 * release actions run under the runtime's deadline, each isolated from the others.
 */
final class EffectList {

  private static final Logger LOG = LoggerFactory.getLogger(EffectList.class);

  private final RuntimeThread loop;
  private final Object owner;
  private final String scopeId;
  private final String pluginName;
  private final List<Effect> effects = new ArrayList<>();

  EffectList(RuntimeThread loop, Object owner, String scopeId, String pluginName) {
    this.loop = loop;
    this.owner = owner;
    this.scopeId = scopeId;
    this.pluginName = pluginName;
  }

  /** Adds {@code effect}; the handle releases it early, from any thread. */
  Disposable add(Effect effect) {
    effects.add(effect);
    return () -> loop.call(() -> {
      effects.remove(effect);
      release(effect);
      return null;
    });
  }

  int size() {
    return effects.size();
  }

  /** The newest update handler, if any. */
  @Nullable ConfigUpdateHandler handler() {
    for (int i = effects.size() - 1; i >= 0; i--) {
      if (effects.get(i).handler() != null) {
        return effects.get(i).handler();
      }
    }
    return null;
  }

  /** Releases every effect, newest first; one that fails or overstays does not stop the others. */
  void releaseAll() {
    while (!effects.isEmpty()) {
      release(effects.remove(effects.size() - 1));
    }
  }

  private void release(Effect effect) {
    try {
      if (effect.pluginCode()) {
        loop.guard(owner, scopeId, "release action", effect::releaseOnce);
      } else {
        effect.releaseOnce();
      }
    } catch (Exception | LinkageError e) { // one line: nothing else reports it
      LOG.warn("releasing {} of scope {} ({}) failed: {}",
          effect.label(), scopeId, pluginName, e.toString());
    }
  }
}
