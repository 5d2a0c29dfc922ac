package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Scope;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.host.model.LifecycleEvent.Kind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A valid {@code scope.update} of the Yuanbao row reaches
 * the next search while the provider the plugin registered stays the one registration.
 */
class YuanbaoLiveUpdateTest {

  private static final String KEY = "sk-live-update";
  @RegisterExtension private static final SearchProStub first = SearchProStub.unrouted();
  @RegisterExtension private static final SearchProStub second = SearchProStub.unrouted();

  @TempDir Path home;
  private YuanbaoHost host;
  private final CountingWebPlugin web = new CountingWebPlugin();

  @BeforeEach
  void serveAnswers() {
    for (SearchProStub stub : List.of(first, second)) {
      stub.answer(StubReply.json(YuanbaoHost.fixture("01-normal-zh-10.json")));
    }
    host = new YuanbaoHost(home).withWeb(web);
  }

  @AfterEach
  void closeHost() {
    host.close();
  }

  private static Map<String, Object> row(String baseURL) {
    return Map.of("apiKey", KEY, "baseURL", baseURL);
  }

  @Test
  void aNewBaseUrlReachesTheNextSearchWithoutARegistration() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));
    YuanbaoHost.assertActive(scope);
    host.search("first");

    scope.update(row(second.baseUrl()));
    host.search("second");

    assertThat(first.searches()).hasSize(1);
    assertThat(first.searches())
        .filteredOn(r -> r.body().equals("{\"Query\":\"first\",\"Cnt\":10}"))
        .isNotEmpty();
    assertThat(second.searches()).hasSize(1);
    assertThat(second.searches())
        .filteredOn(
            r ->
                r.hasHeader("Authorization", "Bearer " + KEY)
                    && r.body().equals("{\"Query\":\"second\",\"Cnt\":10}"))
        .isNotEmpty();
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
    YuanbaoHost.assertActive(scope);
  }

  @Test
  void aNewCountReachesTheNextSearchWithoutARegistration() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));
    host.search("before");

    scope.update(Map.of("apiKey", KEY, "baseURL", first.baseUrl(), "count", 30));
    host.search("after");

    assertThat(first.searches())
        .filteredOn(r -> r.body().equals("{\"Query\":\"before\",\"Cnt\":10}"))
        .isNotEmpty();
    assertThat(first.searches())
        .filteredOn(r -> r.body().equals("{\"Query\":\"after\",\"Cnt\":30}"))
        .isNotEmpty();
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
  }

  @Test
  void anUpdateToAnUnusableUriMakesTheSameProviderUnavailableAndBackAgain() {
    Scope scope = host.applyYuanbao(row(first.baseUrl()));

    scope.update(row("ftp://example.com"));
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", false, false, "baseURL is not an absolute http(s) URL"));
    assertThat(host.failure("q").code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE);

    scope.update(row(second.baseUrl()));
    assertThat(host.web().providers()).containsExactly(new ProviderStatus("yuanbao", true, true, null));
    assertThat(host.search("q").provider()).isEqualTo("yuanbao");

    assertThat(second.searches()).hasSize(1);
    assertThat(first.searches()).isEmpty();
    assertThat(web.registered).hasSize(1);
    assertThat(host.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED, Kind.UPDATED);
  }

  @Test
  void theBuiltInWebServiceKeepsServingTheSameRegistrationAcrossUpdates() {
    try (YuanbaoHost builtIn = new YuanbaoHost(home.resolve("built-in")).withWeb(Map.of())) {
      Scope scope = builtIn.applyYuanbao(row(first.baseUrl()));
      builtIn.search("one");
      scope.update(Map.of("apiKey", KEY, "baseURL", second.baseUrl(), "count", 20));
      builtIn.search("two");

      assertThat(second.searches())
          .filteredOn(r -> r.body().equals("{\"Query\":\"two\",\"Cnt\":20}"))
          .isNotEmpty();
      assertThat(builtIn.yuanbaoEvents()).containsExactly(Kind.APPLIED, Kind.UPDATED);
      assertThat(builtIn.web().providers()).containsExactly(new ProviderStatus("yuanbao", true, true, null));
    }
  }
}
