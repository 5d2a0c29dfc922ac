package dev.dsh.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** A signal tells the deadline its timer will fire it at. */
class AbortDeadlineTest {

  @Test
  void aTimeoutSignalTellsWhenItIsDue() {
    Instant before = Instant.now();
    AbortSignal signal = AbortSignal.timeout(Duration.ofSeconds(30));
    Instant after = Instant.now();

    assertThat(signal.deadline()).hasValueSatisfying(due ->
        assertThat(due).isBetween(before.plusSeconds(30), after.plusSeconds(30)));
  }

  @Test
  void signalsWithoutATimerHaveNoDeadline() {
    assertThat(AbortSignal.never().deadline()).isEmpty();
    assertThat(new AbortController().signal().deadline()).isEmpty();
    assertThat(AbortController.linkedTo(new AbortController().signal()).signal().deadline()).isEmpty();
  }

  @Test
  void aLinkedSignalHasTheEarliestDeadlineOfItsParentsWhileLinked() {
    AbortSignal late = AbortSignal.timeout(Duration.ofSeconds(60));
    AbortSignal early = AbortSignal.timeout(Duration.ofSeconds(20));
    AbortController linked = AbortController.linkedTo(new AbortController().signal(), late, early);
    AbortController twice = AbortController.linkedTo(linked.signal());

    assertThat(linked.signal().deadline()).isEqualTo(early.deadline());
    assertThat(AbortController.linkedTo(late, early).signal().deadline()).isEqualTo(early.deadline());
    assertThat(twice.signal().deadline()).isEqualTo(early.deadline());

    linked.close();
    assertThat(linked.signal().deadline()).isEmpty();
    assertThat(twice.signal().deadline()).isEmpty();
  }
}
