package dev.dsh.host.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.config.Range;
import dev.dsh.api.config.Secret;
import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A number outside its field's range is a violation naming the bound, the range and the value; a
 * number the schema lets through but the Java field cannot hold is one too, naming the field and
 * what it must be, never Jackson's words or an exception's class name.
 */
class NumberRangeMessagesTest {

  private static final String CANARY_NUMBER = "987654321987";

  private final SchemaConfigValidator validator = new SchemaConfigValidator();

  record Bounded(@Range(min = 1, max = 64) int slots, @Secret @Range(min = 0, max = 9) int pin) {}

  record Unbounded(int limit, List<Long> sizes) {}

  record SelfChecked(int even) {
    SelfChecked {
      if (even % 2 != 0) {
        throw new IllegalArgumentException("even must be an even number");
      }
    }
  }

  private List<ConfigViolation> violations(Class<?> type, Map<String, ?> raw) {
    Throwable thrown = catchThrowable(() -> validator.validate("row", type, raw).bind(type));
    assertThat(thrown).isInstanceOf(ConfigException.class);
    ConfigException e = (ConfigException) thrown;
    assertThat(e.getMessage()).doesNotContain("Exception").doesNotContain("tools.jackson");
    return e.violations();
  }

  @Test
  void aNumberAboveItsMaximumNamesTheBoundTheRangeAndTheValue() {
    assertThat(violations(Bounded.class, Map.of("slots", 99_999_999_999L, "pin", 1)))
        .containsExactly(
            new ConfigViolation("/slots", "must be at most 64 (allowed: 1 to 64; got 99999999999)"));
  }

  @Test
  void aNumberBelowItsMinimumNamesTheBoundTheRangeAndTheValue() {
    assertThat(violations(Bounded.class, Map.of("slots", -5, "pin", 1)))
        .containsExactly(
            new ConfigViolation("/slots", "must be at least 1 (allowed: 1 to 64; got -5)"));
  }

  @Test
  void aNumberTooLongForALongIsStillARangeViolation() {
    assertThat(violations(Bounded.class,
            Map.of("slots", new BigInteger("123456789012345678901234567890"), "pin", 1)))
        .containsExactly(new ConfigViolation("/slots",
            "must be at most 64 (allowed: 1 to 64; got 123456789012345678901234567890)"));
  }

  @Test
  void aSecretNumberOutOfRangeIsNotQuoted() {
    List<ConfigViolation> found =
        violations(Bounded.class, Map.of("slots", 2, "pin", Long.parseLong(CANARY_NUMBER)));

    assertThat(found).containsExactly(new ConfigViolation("/pin", "must be at most 9 (allowed: 0 to 9)"));
  }

  @Test
  void aNumberPastAnIntFieldWithoutARangeNamesTheFieldAndTheIntRange() {
    assertThat(violations(Unbounded.class, Map.of("limit", 99_999_999_999L, "sizes", List.of())))
        .containsExactly(new ConfigViolation(
            "/limit", "expected an integer from -2147483648 to 2147483647"));
  }

  @Test
  void aNumberPastALongInAListNamesItsIndex() {
    assertThat(violations(Unbounded.class, Map.of("limit", 1,
            "sizes", List.of(1, new BigInteger("123456789012345678901234567890")))))
        .containsExactly(new ConfigViolation(
            "/sizes/1", "expected an integer from -9223372036854775808 to 9223372036854775807"));
  }

  @Test
  void aValueTheConfigClassRefusesIsItsOwnMessage() {
    assertThat(violations(SelfChecked.class, Map.of("even", 3)))
        .containsExactly(new ConfigViolation("", "is refused: even must be an even number"));
  }

  @Test
  void aNumberInRangeBinds() {
    Config config = validator.validate("row", Bounded.class, Map.of("slots", 64, "pin", 0));

    assertThat(config.bind(Bounded.class)).isEqualTo(new Bounded(64, 0));
  }
}
