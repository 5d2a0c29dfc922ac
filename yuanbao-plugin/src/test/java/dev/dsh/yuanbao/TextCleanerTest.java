package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Title and snippet text is exactly {@code Jsoup.parse(s).text()}, with or without the fast path. */
class TextCleanerTest {

  private static final String[] PLAIN_ALPHABET = {
    "a", "Z", "7", "中", "文", " ", "  ", "\t", "\n", "\r", "\r\n", "\f", "\u000B", "\u00A0",
    "\u200B", "\u00AD", "\u200D", "\u2028", "\u3000", "\u0085", "\u0001", "\u001F", "\u007F",
    "🐼", "👨\u200d👩\u200d👧", "e\u0301", "é", "\ud800", "\udc00", ">", "\"", "'", "=", ";", "#",
    "x;", "｡", "\uFEFF", "\uFFFD"
  };

  @Test
  void fastPathMatchesJsoupOnRandomPlainText() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(12);
      for (int i = 0; i < length; i++) {
        s.append(PLAIN_ALPHABET[random.nextInt(PLAIN_ALPHABET.length)]);
      }
      String input = s.toString();
      assertThat(TextCleaner.needsParser(input)).isFalse();
      assertThat(TextCleaner.plain(input))
          .as("seed %d, input %s", seed, escape(input))
          .isEqualTo(Jsoup.parse(input).text());
    }
  }

  private static final String[] MARKUP_ALPHABET = {
    "a", "中", "文", " ", "  ", "\t", "\n", "\u00A0", "\u200B", "\u00AD", "🐼", ">", "'", ";", "#",
    "<em>", "</em>", "<b>", "</b>", "<strong>", "</strong>", "<EM>", "<em class=x>", "<p>", "</p>",
    "<br>", "<", "</", "<!--", "-->", "&", "&amp;", "&lt;", "&gt;", "&quot;", "&nbsp;", "&#39;",
    "&#x2014;", "&#X41;", "&#8203;", "&#173;", "&#160;", "&#0;", "&#128;", "&#150;", "&#55357;",
    "&#1114111;", "&#1114112;", "&#x;", "&#;", "&#0039;", "&#12345678;", "&amp", "&lt", "&apos;",
    "&copy;", "&notin;", "&ampx;", "\u0000", "x;"
  };

  @Test
  void inlineMarkupFastPathMatchesJsoupOnRandomMarkup() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    int decodedInline = 0;
    for (int n = 0; n < 20_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = 1 + random.nextInt(10);
      for (int i = 0; i < length; i++) {
        // Mostly the forms the fast path takes, so both paths are exercised often.
        String[] pool = random.nextInt(3) == 0 ? MARKUP_ALPHABET : PLAIN_ALPHABET;
        s.append(pool[random.nextInt(random.nextBoolean() ? pool.length : Math.min(pool.length, 27))]);
      }
      String input = s.toString();
      if (InlineMarkup.decode(input) != null && TextCleaner.needsParser(input)) {
        decodedInline++;
      }
      assertThat(TextCleaner.clean(input))
          .as("seed %d, input %s", seed, escape(input))
          .isEqualTo(Jsoup.parse(input).text());
    }
    assertThat(decodedInline).as("inputs that took the inline fast path").isGreaterThan(2_000);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "<em>生成式</em>人工智能", "&quot;R&amp;D&quot; 费用", "a&#39;b&#x2014;c", "x&nbsp;&nbsp;y",
        "<b>a</em>b</b>", "&lt;em&gt;literal&lt;/em&gt;"
      })
  void highlightsAndCommonEntitiesSkipJsoupWithTheSameText(String input) {
    assertThat(InlineMarkup.decode(input)).isNotNull();
    assertThat(TextCleaner.clean(input)).isEqualTo(Jsoup.parse(input).text());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"<p>a</p>", "a < b", "R&D", "&copy;", "&#128;", "&#0;", "<em class=\"k\">x</em>", "&apos;"})
  void otherMarkupIsLeftToJsoup(String input) {
    assertThat(InlineMarkup.decode(input)).isNull();
    assertThat(TextCleaner.clean(input)).isEqualTo(Jsoup.parse(input).text());
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "&lt;or&gt;", "a &amp;amp; b", "<em>x</em>y", "<p>a</p><p>b</p>", "a\u0000b", "&nbsp;x&nbsp;",
        "<script>alert(1)</script>t", "&#x2014;", "<title>t</title>body", "a < b", "R&D", "<!-- c -->x"
      })
  void markupGoesThroughJsoup(String input) {
    assertThat(TextCleaner.needsParser(input)).isTrue();
    assertThat(TextCleaner.clean(input)).isEqualTo(Jsoup.parse(input).text());
  }

  @Test
  void entitiesAreDecodedOnceAndEscapedBracketsStayText() {
    assertThat(TextCleaner.clean("&lt;or&gt;")).isEqualTo("<or>");
    assertThat(TextCleaner.clean("a &amp;amp; b")).isEqualTo("a &amp; b");
    assertThat(TextCleaner.clean(" \u00A0a\u200B \u00AD\tb\u00A0 ")).isEqualTo("a b");
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder();
    s.codePoints().forEach(c -> out.append(c < 0x20 || c > 0x7E ? String.format("\\u%04x", c) : Character.toString(c)));
    return out.toString();
  }
}
