package dev.dsh.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.LocalDate;
import org.junit.jupiter.api.Test;

/** Freshness dates within four-digit years, refused otherwise naming the range. */
class FreshnessYearsTest {

  @Test
  void freshnessDatesBeyondFourDigitYearsAreRefusedNamingTheRange() {
    for (String range : new String[] {"+10000-01-01..+10000-01-02", "2025-01-01..+10000-01-01",
        "-0001-01-01..2025-01-01"}) {
      assertThatThrownBy(() -> Freshness.parse(range))
          .as(range)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("freshness dates must lie within 0000-01-01..9999-12-31"
              + " (four-digit years), was ");
    }
    assertThatThrownBy(() -> Freshness.between(LocalDate.of(10_000, 1, 1), LocalDate.of(10_000, 1, 2)))
        .hasMessageContaining("0000-01-01..9999-12-31");
  }

  @Test
  void theFirstAndLastFourDigitDaysAreAccepted() {
    assertThat(Freshness.parse("0000-01-01..9999-12-31").toString()).isEqualTo("0000-01-01..9999-12-31");
  }
}
