package dev.dsh.api.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A key is masked whole, in any case, and by any run of 12 of its characters. */
class CredentialMaskTest {

  private static final String KEY = "sk-CANARY-4f9e2a7b1c3d5e8f0a6b";

  @Test
  void theWholeKeyInAnyCaseIsMasked() {
    assertThat(CredentialMask.mask("key " + KEY + " and " + KEY.toLowerCase(Locale.ROOT) + ".", KEY))
        .isEqualTo("key *** and ***.");
  }

  @Test
  void twelveOrMoreConsecutiveCharactersAnywhereInTheKeyAreMasked() {
    for (int length = 12; length <= KEY.length(); length++) {
      for (int start = 0; start + length <= KEY.length(); start++) {
        String slice = KEY.substring(start, start + length);
        assertThat(CredentialMask.mask("[" + slice + "]", KEY)).as(slice).isEqualTo("[***]");
        assertThat(CredentialMask.mask("[" + slice.toUpperCase(Locale.ROOT) + "]", KEY))
            .as(slice)
            .isEqualTo("[***]");
      }
    }
  }

  @Test
  void elevenCharactersOfTheKeyStay() {
    String eleven = KEY.substring(7, 18);
    assertThat(CredentialMask.mask("[" + eleven + "]", KEY)).isEqualTo("[" + eleven + "]");
  }

  @Test
  void aRunIsMaskedUpToWhereTheKeyStopsMatching() {
    String text = "token=" + KEY.substring(3, 20) + "XYZ" + KEY.substring(0, 12);
    assertThat(CredentialMask.mask(text, KEY)).isEqualTo("token=***XYZ***");
  }

  @Test
  void aKeyShorterThanTwelveIsMaskedOnlyWhole() {
    assertThat(CredentialMask.mask("abc-12345 and abc-1234", "abc-12345")).isEqualTo("*** and abc-1234");
  }

  @Test
  void aTextWithoutTheKeyIsReturnedAsItIs() {
    String text = "新能源汽车 sk-other-key https://example.com/a";
    assertThat(CredentialMask.mask(text, KEY)).isSameAs(text);
    assertThat(CredentialMask.mask(text, "")).isSameAs(text);
  }

  /**
   * Random texts of key slices (in random case) among other characters: no window of 12 key
   * characters is left, text without one is returned as it is, and only key characters go.
   */
  @Test
  void onRandomTextsNoTwelveKeyCharactersAreLeftAndNothingElseGoes() {
    Random random = new Random(22);
    String others = "abcxyz0123 新能源-_/.:?=";
    for (int round = 0; round < 5_000; round++) {
      StringBuilder text = new StringBuilder();
      for (int piece = random.nextInt(6); piece >= 0; piece--) {
        if (random.nextBoolean()) {
          int start = random.nextInt(KEY.length());
          String slice = KEY.substring(start, Math.min(KEY.length(), start + 1 + random.nextInt(20)));
          text.append(random.nextBoolean() ? slice : slice.toUpperCase(Locale.ROOT));
        } else {
          for (int i = random.nextInt(8); i >= 0; i--) {
            text.append(others.charAt(random.nextInt(others.length())));
          }
        }
      }
      String in = text.toString();
      String out = CredentialMask.mask(in, KEY);
      assertThat(holdsTwelve(out)).as(in).isFalse();
      if (!holdsTwelve(in)) {
        assertThat(out).as(in).isEqualTo(in);
      }
      assertThat(isSubsequence(out.replace("***", ""), in)).as(in + " -> " + out).isTrue();
    }
  }

  /** The plain check: any window of 12 key characters, in any case. */
  private static boolean holdsTwelve(String text) {
    for (int s = 0; s + 12 <= KEY.length(); s++) {
      for (int i = 0; i + 12 <= text.length(); i++) {
        if (text.regionMatches(true, i, KEY, s, 12)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isSubsequence(String part, String whole) {
    int at = 0;
    for (int i = 0; i < whole.length() && at < part.length(); i++) {
      at += whole.charAt(i) == part.charAt(at) ? 1 : 0;
    }
    return at == part.length();
  }
}
