package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Redirects are refused before their target is contacted. */
class RedirectTest {

  @RegisterExtension static final SearchProStub origin = SearchProStub.unrouted();
  @RegisterExtension static final SearchProStub target = SearchProStub.unrouted();

  @BeforeEach
  void answer() {
    target.answer(StubReply.json(TestSupport.fixture("01-normal-zh-10.json")));
  }

  @ParameterizedTest
  @ValueSource(ints = {301, 302, 303, 307, 308})
  void redirectIsRefusedBeforeTheTargetIsContacted(int status) {
    origin.answer(
        StubReply.status(status, TestSupport.fixture("12-error-auth-unauthorized.json"))
            .withHeader("Location", target.baseUrl() + "/SearchPro"));
    try (YuanbaoSearchProvider provider = TestSupport.provider(TestSupport.config(origin.baseUrl()))) {
      WebError failure =
          TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
      assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
      assertThat(failure.getMessage())
          .isEqualTo("Yuanbao search request failed: HTTP " + status + " redirect refused");
    }
    assertThat(origin.requests()).hasSize(1);
    assertThat(target.requests()).isEmpty();
  }
}
