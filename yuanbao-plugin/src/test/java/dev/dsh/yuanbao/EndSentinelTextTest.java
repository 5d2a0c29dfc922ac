package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import org.jsoup.Jsoup;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** U+FFFF is jsoup's end-of-input sentinel: text holding it is cleaned exactly as jsoup does. */
class EndSentinelTextTest {

  @ParameterizedTest
  @ValueSource(strings = {"\uFFFF\u2003", "\uFFFFtitle", "a\uFFFFb", "x\uFFFF", " \uFFFF x"})
  void textHoldingTheSentinelIsCleanedAsJsoupDoes(String raw) {
    assertThat(TextCleaner.clean(raw)).isEqualTo(Jsoup.parse(raw).text());
  }
}
