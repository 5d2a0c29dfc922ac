package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import org.junit.jupiter.api.Test;

/** A password in {@code baseURL} is never printed, the host:port is. */
class BaseUrlUserInfoTest {

  private static final String PASSWORD = "pw-canary-51c0";

  @Test
  void neitherTheConfigNorTheProviderShowsTheUserInfoOfBaseUrl() {
    YuanbaoConfig config = Configs.withBaseURL(Configs.defaults(), "https://ops:" + PASSWORD + "@api.example.com/v1");
    try (var provider = TestSupport.provider(config)) {
      assertThat(config.toString()).contains("baseURL=https://<redacted>@api.example.com/v1").doesNotContain(PASSWORD);
      assertThat(provider.toString())
          .contains("endpoint=https://<redacted>@api.example.com/v1/SearchPro")
          .doesNotContain(PASSWORD);
    }
  }

  @Test
  void aRefusedConnectionNamesHostAndPortOnly() {
    String refused = TestSupport.refusedBaseUrl();
    String hostPort = refused.substring("http://".length());
    String base = "http://ops:" + PASSWORD + "@" + hostPort;
    try (var provider =
        TestSupport.provider(Configs.withApiKey(Configs.withBaseURL(Configs.defaults(), base), "sk-k"))) {
      WebError error = TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(error.getMessage()).endsWith("could not connect to " + hostPort).doesNotContain(PASSWORD);
    }
  }
}
