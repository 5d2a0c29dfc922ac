package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The url check without {@link URI} agrees with the one through it. */
class HttpUrlsTest {

  private static final String[] PIECES = {
    "http://", "https://", "HTTPS://", "ftp://", "http:", "//", "/", "a", "example", ".", "-", "com",
    ":", "8080", "99999999999", "?", "#", "q=1", "&", "%20", "%2", "%zz", "~", "!", "$", "'", "(",
    ")", "*", "+", ",", ";", "=", "@", "[", "]", "::1", " ", "中", "\"", "<", "{", "|", "\\", "^", "`"
  };

  @Test
  void agreesWithJavaNetUriOnRandomUrlLikeText() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    int plain = 0;
    for (int n = 0; n < 50_000; n++) {
      StringBuilder s = new StringBuilder(random.nextInt(3) == 0 ? "" : PIECES[random.nextInt(3)]);
      int length = random.nextInt(8);
      for (int i = 0; i < length; i++) {
        s.append(PIECES[random.nextInt(random.nextBoolean() ? 36 : PIECES.length)]);
      }
      String url = s.toString();
      if (HttpUrls.plainShape(url)) {
        plain++;
      }
      assertThat(HttpUrls.isHttpUrl(url)).as("seed %d, url %s", seed, url).isEqualTo(throughUri(url));
    }
    assertThat(plain).as("urls that took the fast path").isGreaterThan(800);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "https://www.news.cn/tech/20250301/c4246a42a8ba45c1.html", "http://it.people.com.cn/n1/a.html?x=1#top",
        "HTTPS://A.EXAMPLE:8443/p%20q"
      })
  void resultUrlsTakeTheFastPath(String url) {
    assertThat(HttpUrls.plainShape(url)).isTrue();
    assertThat(throughUri(url)).isTrue();
  }

  private static boolean throughUri(String url) {
    try {
      return Settings.isHttpUrl(new URI(url));
    } catch (URISyntaxException e) {
      return false;
    }
  }
}
