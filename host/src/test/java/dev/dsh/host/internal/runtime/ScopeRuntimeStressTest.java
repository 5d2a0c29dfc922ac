package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.ConfigException;
import dev.dsh.api.Context;
import dev.dsh.api.Disposable;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.ServiceKey;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.ScopeInfo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Acceptance 7: concurrent random operations, then count what is left. */
@Timeout(120)
class ScopeRuntimeStressTest {

  private static final int THREADS = 8;
  private static final int OPERATIONS = 1_000;
  private static final int MAX_SCOPES = 120;
  private static final List<ServiceKey<String>> KEYS =
      List.of(
          ServiceKey.of("k0", String.class),
          ServiceKey.of("k1", String.class),
          ServiceKey.of("k2", String.class),
          ServiceKey.of("k3", String.class));

  private final Map<LifecycleEvent.Kind, AtomicInteger> eventCounts = new ConcurrentHashMap<>();
  private final ScopeRuntime runtime =
      new ScopeRuntime(
          new TestConfigs.Validator(),
          event -> eventCounts.computeIfAbsent(event.kind(), k -> new AtomicInteger())
              .incrementAndGet(),
          Duration.ofSeconds(10));
  private final Set<ScopeNode> seen = ConcurrentHashMap.newKeySet();
  private final List<Disposable> handles = new CopyOnWriteArrayList<>();
  private final List<Throwable> unexpected = new CopyOnWriteArrayList<>();
  private final AtomicInteger releasesRegistered = new AtomicInteger();
  private final AtomicInteger releasesRun = new AtomicInteger();
  private final AtomicInteger releasesRunTwice = new AtomicInteger();
  private final AtomicInteger documentedRefusals = new AtomicInteger();

  /** A plugin whose behaviour is fixed by {@code shape} and, per apply, the config's count. */
  private Plugin plugin(int shape) {
    TestPlugin.Body body =
        (ctx, cfg) -> {
          int count = TestConfigs.count(cfg);
          seen.add((ScopeNode) ctx.scope());
          for (int i = 0; i <= shape % 3; i++) {
            trackedEffect(ctx);
          }
          if (shape % 4 == 1) {
            ctx.provide(KEYS.get((shape + count) % KEYS.size()), "from " + ctx.scope().id());
          }
          if (shape % 5 == 2 && depth(ctx.scope()) < 4) {
            seen.add((ScopeNode) ctx.plugin(plugin(shape + count), Map.of("count", count + 1)));
          }
          if (shape % 3 == 0) {
            ctx.accept(next -> TestConfigs.count(next) % 2 == 0);
          }
          if (shape % 7 == 3) {
            ctx.inject(KEYS.get(shape % KEYS.size()));
          }
          if (count % 11 == 10) {
            throw new IllegalStateException("planned failure");
          }
        };
    TestPlugin plugin = TestPlugin.of("s" + shape % 9, body);
    return shape % 7 == 3 ? plugin.requiring(KEYS.get(shape % KEYS.size())) : plugin;
  }

  private void trackedEffect(Context ctx) {
    AtomicBoolean ran = new AtomicBoolean();
    ctx.effect(
        () -> {
          if (ran.getAndSet(true)) {
            releasesRunTwice.incrementAndGet();
          } else {
            releasesRun.incrementAndGet();
          }
        });
    releasesRegistered.incrementAndGet();
  }

  private static int depth(Scope scope) {
    return (int) scope.id().chars().filter(c -> c == '/').count();
  }

  private Map<String, Object> config(Random random) {
    return random.nextInt(10) == 0
        ? Map.of("count", "not a number")
        : Map.of("count", random.nextInt(30));
  }

  private void operate(Random random) {
    List<ScopeInfo> live = runtime.scopes();
    ScopeInfo picked = live.get(random.nextInt(live.size()));
    ScopeNode target = find(runtime.root().scope(), picked.id());
    if (target == null) {
      return;
    }
    boolean isRoot = target.parent().isEmpty();
    int op = live.size() > MAX_SCOPES ? 2 : random.nextInt(10);
    switch (op) {
      case 0, 1, 5 -> seen.add((ScopeNode) target.current.plugin(plugin(random.nextInt(1000)),
          config(random)));
      case 2 -> {
        if (!isRoot) {
          target.dispose();
        }
      }
      case 3, 4 -> {
        if (!isRoot) {
          target.update(config(random));
        }
      }
      case 6, 7 -> handles.add(target.current.provide(
          KEYS.get(random.nextInt(KEYS.size())), "op on " + target.id()));
      default -> {
        if (!handles.isEmpty()) {
          handles.get(random.nextInt(handles.size())).dispose();
        }
      }
    }
  }

  private void run(long seed) {
    Random random = new Random(seed);
    for (int i = 0; i < OPERATIONS; i++) {
      try {
        operate(random);
      } catch (ConfigException e) {
        documentedRefusals.incrementAndGet();
      } catch (IllegalStateException e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("context is inactive") || message.contains("is already provided")) {
          documentedRefusals.incrementAndGet();
        } else {
          unexpected.add(e);
        }
      } catch (Throwable t) {
        unexpected.add(t);
      }
    }
  }

  @Test
  void randomConcurrentOperationsThrowOnlyDocumentedErrorsLeaveNoEffectOnDisposedScopesAndEnd()
      throws Exception {
    long seed = System.nanoTime();
    String seedNote = "seed " + seed;
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    for (int t = 0; t < THREADS; t++) {
      long threadSeed = seed + t;
      pool.execute(() -> run(threadSeed));
    }
    pool.shutdown();
    boolean finished = pool.awaitTermination(60, TimeUnit.SECONDS);
    assertThat(finished).as(seedNote + ": all threads finish (no deadlock)\n" + threadDump())
        .isTrue();

    assertThat(unexpected).as(seedNote).isEmpty();
    System.out.println("stress " + seedNote + ": " + seen.size() + " scopes, events " + eventCounts
        + ", documented refusals " + documentedRefusals);
    assertThat(eventCounts.keySet()).as(seedNote + ": every kind of transition happened")
        .containsExactlyInAnyOrder(LifecycleEvent.Kind.values());
    assertThat(documentedRefusals.get()).as(seedNote + ": the run exercised the guards")
        .isPositive();
    List<ScopeNode> disposed = seen.stream()
        .filter(node -> node.state() == ScopeState.DISPOSED).toList();
    assertThat(disposed).as(seedNote).isNotEmpty();
    assertThat(disposed).as(seedNote + ": nothing stays registered on a disposed scope")
        .allSatisfy(node -> assertThat(node.liveEffectCount()).as(node.id()).isZero());
    assertThat(seen).as(seedNote + ": every scope is at rest")
        .allSatisfy(node -> assertThat(node.state())
            .isNotIn(ScopeState.LOADING, ScopeState.UNLOADING));

    runtime.close();

    assertThat(seen).as(seedNote).allSatisfy(node -> {
      assertThat(node.state()).isEqualTo(ScopeState.DISPOSED);
      assertThat(node.liveEffectCount()).isZero();
    });
    assertThat(((ScopeNode) runtime.root().scope()).liveEffectCount()).isZero();
    assertThat(releasesRun.get()).as(seedNote + ": every release action ran")
        .isEqualTo(releasesRegistered.get());
    assertThat(releasesRunTwice.get()).as(seedNote).isZero();
  }

  private static String threadDump() {
    List<String> lines = new ArrayList<>();
    Thread.getAllStackTraces().forEach((thread, stack) -> {
      lines.add(thread.getName() + " " + thread.getState());
      for (StackTraceElement frame : stack) {
        lines.add("    at " + frame);
      }
    });
    return lines.stream().collect(Collectors.joining("\n"));
  }

  private static @Nullable ScopeNode find(Scope scope, String id) {
    if (scope.id().equals(id)) {
      return (ScopeNode) scope;
    }
    for (Scope child : scope.children()) {
      ScopeNode found = find(child, id);
      if (found != null) {
        return found;
      }
    }
    return null;
  }
}
