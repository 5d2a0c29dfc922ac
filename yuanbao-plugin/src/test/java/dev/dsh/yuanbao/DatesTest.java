package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Strict date parsing: +08:00 when no zone, ISO_OFFSET_DATE_TIME out; the accepted forms are
 * exactly those {@link RegexDates} (the forms written as regular expressions) accepts.
 */
class DatesTest {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "2025-06-09 10:42:17|2025-06-09T10:42:17+08:00",
        "2025-06-09T10:42:17|2025-06-09T10:42:17+08:00",
        "2025-06-09 10:42|2025-06-09T10:42:00+08:00",
        "2025-06-09|2025-06-09T00:00:00+08:00",
        "2025/06/09 10:42:17|2025-06-09T10:42:17+08:00",
        "2025/06/09|2025-06-09T00:00:00+08:00",
        "2025-06-09T02:42:17Z|2025-06-09T02:42:17Z",
        "2025-06-09T02:42:17+00:00|2025-06-09T02:42:17Z",
        "2025-06-09T10:42:17-05:30|2025-06-09T10:42:17-05:30",
        "2025-06-09T10:42:17+0900|2025-06-09T10:42:17+09:00",
        "2025-06-09T10:42:17+09|2025-06-09T10:42:17+09:00",
        "2025-06-09 10:42:17.5|2025-06-09T10:42:17.5+08:00",
        "2025-06-09 10:42:17.123456789|2025-06-09T10:42:17.123456789+08:00",
        "2024-02-29 00:00:00|2024-02-29T00:00:00+08:00",
        "' 2025-06-09 10:42:17 '|2025-06-09T10:42:17+08:00",
        "1970-01-01 08:00:00|1970-01-01T08:00:00+08:00",
        "2025年5月8日|2025-05-08T00:00:00+08:00",
        "2025年05月08日|2025-05-08T00:00:00+08:00",
        "2025年5月8日 08:30|2025-05-08T08:30:00+08:00",
        "2025年5月8日08:30:15|2025-05-08T08:30:15+08:00",
        "2025.05.08|2025-05-08T00:00:00+08:00",
        "'Tue, 10 Jun 2025 08:00:00 GMT'|2025-06-10T08:00:00Z",
        "'Tue, 10 Jun 2025 08:00:00 +0900'|2025-06-10T08:00:00+09:00",
        "1746664200|2025-05-08T08:30:00+08:00",
        "1746664200123|2025-05-08T08:30:00.123+08:00"
      })
  void acceptedFormatsAreNormalised(String input, String expected) {
    assertThat(Dates.normalize(input)).isEqualTo(expected);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "", "N/A", "2025-02-30 10:00:00", "2025-13-01", "0000-00-00 00:00:00", "2025-13-45 25:61:00",
        "2025-6-9", "2025-06-09 7:05:00", "2025/06/09 10:42", "2025/06/09T10:42:17", "174666420", "17466642001",
        "174666420012345", "2025年2月30日", "2025年13月1日", "2025年5月8日 8:30", "2025.5.8", "2025.02.30",
        "Wed, 10 Jun 2025 08:00:00 GMT", "１７４６６６４２００", "2025-06-09 24:00:00", "2025-06-09T10:42:17+19:00", "2025-06-09 10:42:17.",
        "2025-06-09+08:00", "2023-02-29", "+12025-01-01", "2025-06-09 10:42:17 +08:00", "2025-06-09t10:42:17"
      })
  void anythingElseIsAbsent(String input) {
    assertThat(Dates.normalize(input)).isNull();
  }

  @Test
  void agreesWithTheRegexOracleOnRandomDateLikeText() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    String[] parts = {
"2025", "0000", "1970", "-", "/", "年", "月", "日", "02", "29", "30", "13", "00", "12", "T", " ", ":", "59", "60",
      "24", ".", "5", "123", "123456789", "1234567890", "Z", "+", "-", "08", "0800", "18", "19", "z", "x"
    };
    for (int n = 0; n < 10_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(14);
      for (int i = 0; i < length; i++) {
        s.append(parts[random.nextInt(parts.length)]);
      }
      String input = s.toString();
      assertThat(Dates.normalize(input)).as("seed %d, input %s", seed, input).isEqualTo(RegexDates.normalize(input));
    }
    for (String valid : new String[] {"2025-06-09 10:42:17", "2025/06/09 10:42:17", "2025-06-09T10:42:17.5+09:30", "2025.06.09"}) {
      assertThat(Dates.normalize(valid)).isNotNull().isEqualTo(RegexDates.normalize(valid));
    }
  }

  /** {@code uuuu-MM-dd HH:mm:ss}, the form SearchPro sends most, is read as strictly as java.time reads it. */
  @Test
  void theUsualFormMatchesTheFormatterOnRandomDigits() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    DateTimeFormatter strict =
        DateTimeFormatter.ofPattern("uuuu-MM-dd HH:mm:ss").withResolverStyle(ResolverStyle.STRICT);
    int valid = 0;
    for (int n = 0; n < 20_000; n++) {
      String s =
          String.format(
              "%04d-%02d-%02d %02d:%02d:%02d",
              random.nextInt(10_000), random.nextInt(14), random.nextInt(33), random.nextInt(26),
              random.nextInt(62), random.nextInt(62));
      String expected;
      try {
        expected = LocalDateTime.parse(s, strict).atOffset(ZoneOffset.ofHours(8)).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        valid++;
      } catch (DateTimeParseException e) {
        expected = null;
      }
      assertThat(Dates.normalize(s)).as("seed %d, input %s", seed, s).isEqualTo(expected);
      assertThat(Dates.normalize(s)).as("seed %d, input %s", seed, s).isEqualTo(RegexDates.normalize(s));
    }
    assertThat(valid).isGreaterThan(2_000);
  }
}
