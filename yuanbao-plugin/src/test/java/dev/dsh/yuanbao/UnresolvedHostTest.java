package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import org.junit.jupiter.api.Test;

/**
 * A host name that does not resolve says so, not "could not connect". A name
 * under {@code .invalid} never resolves (RFC 2606).
 */
class UnresolvedHostTest {

  @Test
  void anUnresolvableHostIsNamedAsSuch() {
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config("https://api.wsa.cloud.tencent.invalid"))) {
      WebError error =
          TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));

      assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
      assertThat(error.getMessage())
          .isEqualTo("Yuanbao search request failed: could not resolve"
              + " api.wsa.cloud.tencent.invalid (check baseURL's host, and DNS)");
    }
  }

  @Test
  void aRefusedConnectionStillSaysItCouldNotConnect() {
    try (YuanbaoSearchProvider provider =
        TestSupport.provider(TestSupport.config(TestSupport.refusedBaseUrl()))) {
      assertThat(TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()))
              .getMessage())
          .startsWith("Yuanbao search request failed: ConnectException")
          .contains("could not connect to 127.0.0.1:");
    }
  }
}
