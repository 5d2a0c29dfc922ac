package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.fakes.FakeProvider;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.ActivityListener;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Yuanbao row's scope as the host drives it: waiting for and following the {@code web} service,
 * a second row of the same plugin, an update while a search is in flight, and the optional
 * credentials service going away.
 */
class YuanbaoScopeLifecycleTest extends StubbedYuanbaoTest {

  private static final String KEY = "sk-lifecycle";
  @BeforeEach
  void setKey() {
    host.env.put(YuanbaoHost.KEY_VARIABLE, KEY);
  }

  @AfterEach
  void closeHost() {
    host.close();
  }

  @Test
  void theRowWaitsForTheWebServiceAndFollowsItWhenItGoesAndComesBack() {
    Scope scope = host.applyYuanbao(Map.of("baseURL", stub.baseUrl()));
    assertThat(scope.state()).isEqualTo(ScopeState.PENDING);

    Scope web = host.runtime().apply("web", new WebPlugin(ActivityListener.NONE, Optional::empty), Map.of());
    YuanbaoHost.assertActive(scope);
    assertThat(host.search("one").provider()).isEqualTo("yuanbao");

    web.dispose();
    assertThat(scope.state()).isEqualTo(ScopeState.PENDING);

    host.runtime().apply("web", new WebPlugin(ActivityListener.NONE, Optional::empty), Map.of());
    YuanbaoHost.assertActive(scope);
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", true, true, null));
    assertThat(host.search("two").provider()).isEqualTo("yuanbao");
    assertThat(stub.searches()).hasSize(2);
  }

  @Test
  void aSecondRowOfThePluginFailsOnTheDuplicateIdAndTheFirstKeepsServing() {
    host.withWeb(Map.of());
    Scope first = host.applyYuanbao(Map.of("baseURL", stub.baseUrl()));
    Scope second =
        host.runtime().apply("yuanbao-2", host.plugin().entry(), Map.of("baseURL", stub.baseUrl()));

    YuanbaoHost.assertActive(first);
    assertThat(second.state()).isEqualTo(ScopeState.FAILED);
    assertThat(second.error().orElseThrow())
        .isInstanceOf(WebError.class)
        .hasMessageContaining("\"yuanbao\" is already registered");
    assertThat(host.search("q").provider()).isEqualTo("yuanbao");
  }

  @Test
  void anUpdateDuringASearchLeavesThatSearchOnItsSnapshotAndServesTheNextFromTheNewConfig()
      throws Exception {
    host.withWeb(Map.of());
    try (SearchProStub holding = SearchProStub.answering(StubReply.hold())) {
      Scope scope = host.applyYuanbao(Map.of("baseURL", holding.baseUrl()));
      CompletableFuture<WebSearchResult> held =
          host.web().search(WebSearchRequest.of("held"), AbortSignal.never()).toCompletableFuture();
      Thread.sleep(100); // let the request reach the holding server

      scope.update(Map.of("baseURL", stub.baseUrl(), "count", 20));
      WebSearchResult next = host.search("next");

      assertThat(next.sources()).isNotEmpty();
      assertThat(held).isNotDone();
      assertThat(stub.searches())
          .filteredOn(r -> r.body().equals("{\"Query\":\"next\",\"Cnt\":20}"))
          .hasSize(1);
      // Ending the scope aborts the search still held by the old endpoint.
      scope.dispose();
      Throwable ended = catchThrowable(() -> held.get(5, TimeUnit.SECONDS)).getCause();
      assertThat(ended).isInstanceOf(WebError.class);
      assertThat(((WebError) ended).code()).isEqualTo(WebErrorCodes.WEB_ABORTED);
    }
  }

  @Test
  void whenTheCredentialsRowEndsTheNextSearchReadsTheLaunchEnvironment() {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(CredentialRef.of(YuanbaoHost.KEY_VARIABLE), "sk-stored");
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));
    host.search("stored");

    host.row("credentials").dispose();
    host.search("env");

    assertThat(stub.searches())
        .filteredOn(
            r ->
                r.hasHeader("Authorization", "Bearer sk-stored")
                    && r.body().equals("{\"Query\":\"stored\",\"Cnt\":10}"))
        .isNotEmpty();
    assertThat(stub.searches())
        .filteredOn(
            r ->
                r.hasHeader("Authorization", "Bearer " + KEY)
                    && r.body().equals("{\"Query\":\"env\",\"Cnt\":10}"))
        .isNotEmpty();
  }

  @Test
  void theLaunchEnvironmentCanPinYuanbaoWhenTheWebRowPinsNothing() {
    host.withWeb(Map.of());
    host.web().registerSearchProvider(FakeProvider.withSources("other", 1));
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));

    host.env.put("DSH_WEB_SEARCH_PROVIDER", "yuanbao");

    assertThat(host.search("q").provider()).isEqualTo("yuanbao");
  }
}
