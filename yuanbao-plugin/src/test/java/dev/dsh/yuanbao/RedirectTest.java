package dev.dsh.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Redirects are refused before their target is contacted. */
class RedirectTest {

  @RegisterExtension static final WireMockExtension origin = TestSupport.stubServer();
  @RegisterExtension static final WireMockExtension target = TestSupport.stubServer();

  @BeforeEach
  void answer() {
    target.stubFor(
        post("/SearchPro").willReturn(aResponse().withStatus(200).withBody(TestSupport.fixture("01-normal-zh-10.json"))));
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303, 307, 308})
  void redirectIsRefusedBeforeTheTargetIsContacted(int status) {
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
