package dev.dsh.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.WireMockServer;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Redirects are refused before their target is contacted. */
class RedirectTest {

  private static final WireMockServer origin = new WireMockServer(wireMockConfig().dynamicPort());
  private static final WireMockServer target = new WireMockServer(wireMockConfig().dynamicPort());

  @BeforeAll
  static void start() {
    origin.start();
    target.start();
    target.stubFor(
        post("/SearchPro").willReturn(aResponse().withStatus(200).withBody(TestSupport.fixture("01-normal-zh-10.json"))));
  }

  @AfterAll
  static void stop() {
    origin.stop();
    target.stop();
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303, 307, 308})
  void redirectIsRefusedBeforeTheTargetIsContacted(int status) {
    origin.resetRequests();
    origin.stubFor(
        post("/SearchPro")
            .willReturn(
                aResponse()
                    .withStatus(status)
                    .withHeader("Location", target.baseUrl() + "/SearchPro")
                    .withBody(TestSupport.fixture("12-error-auth-unauthorized.json"))));
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(origin.baseUrl()))) {
      WebError failure =
          TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
      assertThat(failure.getMessage())
          .isEqualTo("Yuanbao search request failed: HTTP " + status + " redirect refused");
    }
    assertThat(origin.findAll(anyRequestedFor(anyUrl()))).hasSize(1);
    assertThat(target.findAll(anyRequestedFor(anyUrl()))).isEmpty();
  }
}
