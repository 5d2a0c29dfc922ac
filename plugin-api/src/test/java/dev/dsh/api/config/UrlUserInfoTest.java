package dev.dsh.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class UrlUserInfoTest {

  @Test
  void userAndPasswordOfAUrlAreHidden() {
    assertThat(UrlUserInfo.redact("http://user:pass@host")).isEqualTo("http://<redacted>@host");
    assertThat(UrlUserInfo.redact("https://u:p@127.0.0.1:8443/v1?q=a@b#x@y"))
        .isEqualTo("https://<redacted>@127.0.0.1:8443/v1?q=a@b#x@y");
    assertThat(UrlUserInfo.redact("HTTP://token@host/")).isEqualTo("HTTP://<redacted>@host/");
  }

  @Test
  void aPasswordHoldingAnAtSignIsHiddenWhole() {
    assertThat(UrlUserInfo.redact("http://user:p@ss@w0rd@host/path"))
        .isEqualTo("http://<redacted>@host/path");
  }

  @Test
  void urlsInsideLongerTextAreFoundEachOne() {
    assertThat(
            UrlUserInfo.redact(
                "cannot reach http://a:b@one.example (then ftp://c:d@two.example/x) for mail@me.example"))
        .isEqualTo(
            "cannot reach http://<redacted>@one.example (then ftp://<redacted>@two.example/x) for"
                + " mail@me.example");
  }

  @Test
  void textWithoutUserInfoIsUnchanged() {
    for (String text :
        new String[] {
          "https://api.wsa.cloud.tencent.com",
          "http://host/path@segment",
          "http://host?x=@y",
          "user@example.com",
          "ftp://x",
          "",
        }) {
      assertThat(UrlUserInfo.redact(text)).isEqualTo(text);
    }
  }
}
