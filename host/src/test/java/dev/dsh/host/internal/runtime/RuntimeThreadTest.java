package dev.dsh.host.internal.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The untimed owner thread, as the host's admin thread uses it. */
class RuntimeThreadTest {

  private final RuntimeThread thread = new RuntimeThread("dsh-test-owner");

  @Test
  void tasksRunOnTheNamedThreadInOrderAndNestedOnesRunInPlace() {
    List<String> seen = new CopyOnWriteArrayList<>();

    String result = thread.call(() -> {
      seen.add(Thread.currentThread().getName());
      thread.run(() -> seen.add("nested on " + Thread.currentThread().getName()));
      return "done";
    });

    assertThat(result).isEqualTo("done");
    assertThat(seen).containsExactly("dsh-test-owner", "nested on dsh-test-owner");
    thread.stop();
  }

  @Test
  void whatATaskThrowsReachesItsCallerAndTheThreadGoesOn() {
    assertThatThrownBy(() -> thread.call(() -> {
      throw new IllegalStateException("refused");
    })).isInstanceOf(IllegalStateException.class).hasMessage("refused");

    assertThat(thread.call(() -> Thread.currentThread().getName())).isEqualTo("dsh-test-owner");
    thread.stop();
  }

  @Test
  void aTaskThatSetsAContextClassLoaderLeavesTheThreadWithTheHostsOneAgain() {
    thread.run(() -> Thread.currentThread().setContextClassLoader(new URLClassLoader(new URL[0])));

    assertThat(thread.call(() -> Thread.currentThread().getContextClassLoader()))
        .isSameAs(RuntimeThread.class.getClassLoader());
    thread.stop();
  }

  @Test
  void onceStoppedATaskRunsOnItsCallersThread() {
    thread.stop();

    assertThat(thread.call(() -> Thread.currentThread().getName()))
        .isEqualTo(Thread.currentThread().getName());
  }
}
