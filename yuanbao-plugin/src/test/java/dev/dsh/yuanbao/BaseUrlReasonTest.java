package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A {@code baseURL} with a query, a fragment or a non-ASCII host makes the
 * provider unavailable with that reason, not "not an absolute http(s) URL".
 */
class BaseUrlReasonTest {

  @Test
  void eachProblemIsNamedWithItsFix() {
    assertThat(reason("https://api.wsa.cloud.tencent.com/?region=gz"))
        .isEqualTo("baseURL has a query (?…): remove it, since /SearchPro is appended to its path");
    assertThat(reason("https://api.wsa.cloud.tencent.com/#top"))
        .isEqualTo("baseURL has a fragment (#…): remove it, since /SearchPro is appended to its path");
    assertThat(reason("https://搜索.example.com/v1"))
        .isEqualTo("baseURL's host is not ASCII: write it in its ASCII form (Punycode, xn--…)");
    assertThat(reason("ftp://api.wsa.cloud.tencent.com"))
        .isEqualTo("baseURL is not an absolute http(s) URL");
    assertThat(reason("https://h.example:99999")).isEqualTo("baseURL is not an absolute http(s) URL");
  }

  @Test
  void nonAsciiUserInfoIsNotTakenForTheHost() {
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config("https://usér:pässword@xn--fsqu00a.example"))) {
      assertThat(provider.available()).isTrue();
    }
  }

  @Test
  void aSearchOnSuchABaseUrlFailsWithTheSameReasonAndSendsNothing() {
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config("http://127.0.0.1:1/?x=1"))) {
      assertThat(TestSupport.failure(
              provider.search(dev.dsh.api.web.WebSearchRequest.of("q"), dev.dsh.api.AbortSignal.never()))
          .getMessage())
          .isEqualTo("Yuanbao search request failed: baseURL has a query (?…): remove it, since"
              + " /SearchPro is appended to its path");
    }
  }

  private static String reason(String baseURL) {
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(baseURL))) {
      assertThat(provider.available()).as(baseURL).isFalse();
      return provider.unavailableReason().orElseThrow();
    }
  }
}
