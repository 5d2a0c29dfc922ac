package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Title and snippet text is {@code Jsoup.parse(s).text()} without control characters, whether or
 * not the string has markup (the one fast path skips jsoup for text without {@code <} or {@code
 * &}).
 */
class TextCleanerTest {

  private static final String[] ALPHABET = {
    "a", "Z", "7", "中", "文", " ", "  ", "\t", "\n", "\r", "\r\n", "\f", "\u000B", "\u00A0",
    "\u200B", "\u00AD", "\u200D", "\u2028", "\u3000", "\u0085", "\u0001", "\u001F", "\u007F",
    "🐼", "e\u0301", "\ud800", "\udc00", ">", "\"", "'", ";", "#", "\uFEFF", "\uFFFD", "\uFFFF",
    "\u001B", "\u009B", "<em>", "</em>", "<p>", "<", "&", "&amp;", "&lt;", "&quot;", "&nbsp;",
    "&#39;", "&#x2014;", "&#0;", "&#128;", "\u0000"
  };

  @Test
  void everyTextIsJsoupsTextWithoutControlCharacters() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int n = 0; n < 5_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(12);
      // Half of the strings without markup, so the fast path is exercised as often as jsoup.
      int alphabet = random.nextBoolean() ? 36 : ALPHABET.length;
      for (int i = 0; i < length; i++) {
        s.append(ALPHABET[random.nextInt(alphabet)]);
      }
      String input = s.toString();
      assertThat(PageReader.clean(input))
          .as("seed %d, input %s", seed, escape(input))
          .isEqualTo(expected(input));
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "<em>生成式</em>人工智能", "&quot;R&amp;D&quot; 费用", "a&#39;b&#x2014;c", "x&nbsp;&nbsp;y",
        "<b>a</em>b</b>", "&lt;em&gt;literal&lt;/em&gt;", "<p>a</p>", "a < b", "R&D", "&copy;",
        "<script>alert(1)</script>t", "<title>t</title>body", "<!-- c -->x", "\uFFFFtitle"
      })
  void markupIsJsoupsText(String input) {
    assertThat(PageReader.clean(input)).isEqualTo(Jsoup.parse(input).text());
  }

  @Test
  void entitiesAreDecodedOnceAndEscapedBracketsStayText() {
    assertThat(PageReader.clean("&lt;or&gt;")).isEqualTo("<or>");
    assertThat(PageReader.clean("a &amp;amp; b")).isEqualTo("a &amp; b");
    assertThat(PageReader.clean(" \u00A0a\u200B \u00AD\tb\u00A0 ")).isEqualTo("a b");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "reset|\u001Bcnews|cnews",
        "clear screen|\u001B[2Jnews|[2Jnews",
        "DCS|\u001BP1;2;q\u001B\\tail|P1;2;q\\tail",
        "C1 CSI|a\u009B31mb|a31mb",
        "BEL and DEL|a\u0007b\u007Fc|abc"
      })
  void controlCharactersAreRemoved(String what, String input, String expected) {
    assertThat(PageReader.clean(input)).isEqualTo(expected);
    assertThat(PageReader.clean("<b>" + input + "</b>")).isEqualTo(expected);
  }

  private static String expected(String input) {
    return Jsoup.parse(input).text().replaceAll("[\\x00-\\x1F\\x7F-\\x9F]", "").trim();
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder();
    s.codePoints()
        .forEach(
            c ->
                out.append(
                    c < 0x20 || c > 0x7E ? String.format("\\u%04x", c) : Character.toString(c)));
    return out.toString();
  }
}
