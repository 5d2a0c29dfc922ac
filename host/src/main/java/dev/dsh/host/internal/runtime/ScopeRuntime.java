package dev.dsh.host.internal.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.runtime.RuntimeThread.Call;
import dev.dsh.host.internal.runtime.RuntimeThread.Callback;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.ScopeInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A tree of scopes whose transitions run on one thread, in the order asked; the getters, {@link
 * Context#get} and {@link #scopes()} never wait for it. Configs are validated, never logged.
 */
public final class ScopeRuntime implements AutoCloseable {

  private static final Logger LOG = LoggerFactory.getLogger(ScopeRuntime.class);

  private static final Plugin ROOT = new Plugin() {
    @Override
    public String name() {
      return "root";
    }

    @Override
    public void apply(Context ctx, Config config) {} // it holds what the host registers
  };

  private final NavigableMap<String, ScopeNode> index = new ConcurrentSkipListMap<>();
  private final RuntimeThread loop;
  private final ScopeNode root;

  /** A runtime whose plugin calls must each return within {@code deadline}. */
  public ScopeRuntime(SchemaConfigValidator validator, LifecycleListener listener, Duration deadline) {
    this.loop = new RuntimeThread("dsh-runtime", deadline, this::recover);
    ScopeNode.Tree tree = new ScopeNode.Tree(loop, Objects.requireNonNull(validator),
        Objects.requireNonNull(listener), index, new ConcurrentHashMap<>(), ScopeContext::new);
    this.root = new ScopeNode(tree, null, "root", ROOT, Map.of());
  }

  /** The root context, active until {@link #close()}; its scope has no config to update. */
  public Context root() {
    return Objects.requireNonNull(root.current);
  }

  /** Applies {@code plugin} in scope {@code root/<id>}; throws when that id is live or closed. */
  public Scope apply(String id, Plugin plugin, Map<String, ?> config) {
    return ((ScopeContext) root()).plugin(Objects.requireNonNull(id, "id"), plugin, config);
  }

  /** Every live scope, root first, depth-first in creation order, as of its last transition. */
  public List<ScopeInfo> scopes() {
    List<ScopeInfo> out = new ArrayList<>();
    describe(root, out);
    return List.copyOf(out);
  }

  /** Disposes the whole tree, children first, then stops the runtime thread. Idempotent. */
  @Override
  public void close() {
    root.dispose();
    loop.stop();
  }

  private static void describe(ScopeNode node, List<ScopeInfo> out) {
    out.add(node.info);
    node.children().forEach(child -> describe((ScopeNode) child, out));
  }

  /** On the fresh runtime thread: fails the abandoned calls' scopes, then settles the tree. */
  private void recover(List<Call> abandoned) {
    for (Call call : abandoned) {
      ScopeNode node = (ScopeNode) call.owner();
      if (call.what() == Callback.RELEASE_ACTION) { // nothing else reports it: it goes on
        LOG.warn("release action of scope {} ({}) failed: {}", node.id(), node.pluginName(),
            call.error().getMessage());
      } else if (node.state() == ScopeState.LOADING || node.state() == ScopeState.ACTIVE) {
        node.end(ScopeState.FAILED, call.error()); // the FAILED event reports it
      }
    }
    for (ScopeNode node : List.copyOf(index.descendingMap().values())) { // children first
      switch (node.state()) { // what an abandoned thread left half done
        case LOADING -> node.end(ScopeState.FAILED,
            new IllegalStateException("apply was cut short: its runtime thread was lost"));
        case UNLOADING -> node.end(node.ending ? ScopeState.DISPOSED : ScopeState.PENDING, null);
        case FAILED -> node.releaseAll();
        default -> { }
      }
    }
    List.copyOf(index.values()).forEach(ScopeNode::settle);
  }
}
