package dev.dsh.host.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.host.model.SearchRecord.Outcome;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ActivityListenerTest {

  private static ActivityListener recording(String name, List<String> seen) {
    return new ActivityListener() {
      @Override
      public void searchStarted(String query) {
        seen.add(name + " started " + query);
      }

      @Override
      public void searchEnded(SearchRecord search) {
        seen.add(name + " ended " + search.outcome().label());
      }

      @Override
      public void reloaded(List<String> problems) {
        seen.add(name + " reloaded " + problems);
      }
    };
  }

  @Test
  void andThenTellsBothInOrderAndIsItselfBeforeNone() {
    List<String> seen = new ArrayList<>();
    ActivityListener first = recording("a", seen);
    ActivityListener both = first.andThen(recording("b", seen));

    both.searchStarted("q");
    both.searchEnded(new SearchRecord(
        Optional.of("p"), Outcome.ABORTED, Optional.of("WEB_ABORTED"), Duration.ZERO, "q"));
    both.reloaded(List.of("x"));

    assertThat(seen).containsExactly("a started q", "b started q", "a ended aborted",
        "b ended aborted", "a reloaded [x]", "b reloaded [x]");
    assertThat(first.andThen(ActivityListener.NONE)).isSameAs(first);
  }

  @Test
  void aRecordHasACodeExactlyWhenItFailed() {
    SearchRecord ok = new SearchRecord(
        Optional.empty(), Outcome.OK, Optional.empty(), Duration.ofMillis(3), "q");

    assertThat(ok.outcome().label()).isEqualTo("ok");
    assertThatThrownBy(() -> new SearchRecord(
            Optional.empty(), Outcome.ERROR, Optional.empty(), Duration.ZERO, "q"))
        .hasMessage("a failed search has a code, a successful one none");
  }
}
