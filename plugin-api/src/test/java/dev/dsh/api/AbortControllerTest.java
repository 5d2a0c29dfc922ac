package dev.dsh.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AbortControllerTest {

  @Test
  void handlersRunOnceWithTheReason() {
    AbortController controller = new AbortController();
    AtomicInteger runs = new AtomicInteger();
    controller.signal().onAbort(runs::incrementAndGet);
    IllegalStateException why = new IllegalStateException("why");
    controller.abort(why);
    controller.abort(new RuntimeException("second"));
    assertThat(runs).hasValue(1);
    assertThat(controller.signal().aborted()).isTrue();
    assertThat(controller.signal().reason()).containsSame(why);
  }

  @Test
  void aHandlerRegisteredAfterTheAbortRunsAtOnce() {
    AbortController controller = new AbortController();
    controller.abort();
    AtomicInteger runs = new AtomicInteger();
    controller.signal().onAbort(runs::incrementAndGet);
    assertThat(runs).hasValue(1);
  }

  @Test
  void aDisposedHandlerDoesNotRun() {
    AbortController controller = new AbortController();
    AtomicInteger runs = new AtomicInteger();
    controller.signal().onAbort(runs::incrementAndGet).dispose();
    controller.abort();
    assertThat(runs).hasValue(0);
  }

  @Test
  void aThrowingHandlerDoesNotStopTheOthers() {
    AbortController controller = new AbortController();
    List<String> seen = new ArrayList<>();
    controller.signal().onAbort(() -> seen.add("first"));
    controller.signal().onAbort(() -> {
      throw new IllegalStateException("boom");
    });
    controller.signal().onAbort(() -> seen.add("third"));
    controller.abort();
    assertThat(seen).containsExactly("first", "third");
  }

  @Test
  void timeoutFiresWithATimeoutException() throws Exception {
    AbortSignal signal = AbortSignal.timeout(Duration.ofMillis(20));
    CountDownLatch fired = new CountDownLatch(1);
    signal.onAbort(fired::countDown);
    assertThat(fired.await(5, TimeUnit.SECONDS)).isTrue();
    assertThat(signal.reason()).get().isInstanceOf(TimeoutException.class);
  }

  @Test
  void aSignalLinkedToSeveralFiresWithTheFirstReason() {
    AbortController a = new AbortController();
    AbortController b = new AbortController();
    AbortSignal any = AbortController.linkedTo(a.signal(), b.signal()).signal();
    assertThat(any.aborted()).isFalse();
    RuntimeException why = new RuntimeException("b");
    b.abort(why);
    assertThat(any.reason()).containsSame(why);
  }

  @Test
  void aSignalLinkedToAnAbortedOneIsAbortedAtOnce() {
    AbortSignal any = AbortController.linkedTo(AbortSignal.never(), aborted(new RuntimeException("x")))
        .signal();
    assertThat(any.aborted()).isTrue();
  }

  @Test
  void aClosedLinkedControllerNoLongerFollowsItsParent() {
    AbortController parent = new AbortController();
    AbortController child = AbortController.linkedTo(parent.signal());
    child.close();
    parent.abort();
    assertThat(child.signal().aborted()).isFalse();
  }

  @Test
  void linkingToAnAlreadyAbortedParentLeavesNoHandlerOnTheOthers() {
    AtomicInteger registered = new AtomicInteger();
    AbortSignal counting =
        new AbortSignal() {
          @Override
          public boolean aborted() {
            return false;
          }

          @Override
          public java.util.Optional<Throwable> reason() {
            return java.util.Optional.empty();
          }

          @Override
          public Disposable onAbort(Runnable handler) {
            registered.incrementAndGet();
            return registered::decrementAndGet;
          }
        };
    AbortController linked =
        AbortController.linkedTo(aborted(new RuntimeException("early")), counting);
    assertThat(linked.signal().aborted()).isTrue();
    assertThat(linked.signal().reason()).get().extracting(Throwable::getMessage).isEqualTo("early");
    assertThat(registered).hasValue(0);
  }

  @Test
  void aLinkedSignalIsAbortedAsSoonAsItsParentFiresBeforeItsOwnHandlerRuns() {
    AbortController parent = new AbortController();
    List<Boolean> seenByAnEarlierHandler = new ArrayList<>();
    List<AbortController> children = new ArrayList<>();
    parent.signal().onAbort(() -> children.forEach(c -> seenByAnEarlierHandler.add(c.signal().aborted())));
    for (int i = 0; i < 3; i++) {
      children.add(AbortController.linkedTo(parent.signal()));
    }

    parent.abort(new IllegalStateException("stop"));

    assertThat(seenByAnEarlierHandler).containsExactly(true, true, true);
    assertThat(children.get(0).signal().reason()).get().hasToString("java.lang.IllegalStateException: stop");
  }

  private static AbortSignal aborted(Throwable reason) {
    AbortController controller = new AbortController();
    controller.abort(reason);
    return controller.signal();
  }
}
