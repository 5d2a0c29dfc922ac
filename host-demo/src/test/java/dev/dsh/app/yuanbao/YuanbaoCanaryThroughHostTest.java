package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortController;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A canary key, reaching the real plugin from the store, the
 * launch environment or the row's literal {@code apiKey}, appears in no exception message (causes
 * included), no {@code toString()} of the objects a host shows, and no line written to {@code
 * System.err} (where slf4j-simple logs) on any error path the host can reach.
 */
class YuanbaoCanaryThroughHostTest {

  private static final String CANARY = "sk-canary-2b7d41e0c9";
  private static final CredentialRef REF = CredentialRef.of(YuanbaoHost.KEY_VARIABLE);

  @RegisterExtension private static final SearchProStub stub = SearchProStub.unrouted();

  @TempDir Path home;
  private YuanbaoHost host;
  private final List<Throwable> errors = new ArrayList<>();
  private final List<Object> shown = new ArrayList<>();
  private final ByteArrayOutputStream stderr = new ByteArrayOutputStream();
  private PrintStream originalErr = System.err;

  @BeforeEach
  void captureStderr() {
    originalErr = System.err;
    System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
    host = new YuanbaoHost(home);
  }

  @AfterEach
  void restoreStderr() {
    try {
      host.close();
    } finally {
      System.setErr(originalErr);
    }
  }

  private void answer(int status, String body) {
    stub.reset();
    stub.answer(StubReply.status(status, body));
  }

  private static String envelopeEchoingTheKey() {
    return "{\"Response\":{\"Error\":{\"Code\":\"AuthFailure.SecretIdNotFound\",\"Message\":\"the"
        + " key "
        + CANARY
        + " is not valid\"},\"RequestId\":\"r-1\"}}";
  }

  private static String refusedBaseUrl() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private WebError expect(String code, String query) {
    WebError error = host.failure(query);
    assertThat(error.code()).as(error.getMessage()).isEqualTo(code);
    errors.add(error);
    return error;
  }

  /** Every message, toString and stderr line gathered so far: none may hold the canary. */
  private void assertNoCanary() {
    List<String> texts = new ArrayList<>();
    for (Throwable error : errors) {
      for (Throwable t = error; t != null; t = t.getCause()) {
        texts.add(String.valueOf(t.getMessage()));
        texts.add(t.toString());
        for (Throwable suppressed : t.getSuppressed()) {
          texts.add(suppressed.toString());
        }
      }
    }
    shown.forEach(o -> texts.add(String.valueOf(o)));
    host.events.forEach(e -> texts.add(e.describe()));
    host.events.forEach(e -> texts.add(e.toString()));
    texts.add(host.runtime().scopes().toString());
    texts.add(host.plugin().toString());
    System.err.flush();
    texts.add(stderr.toString(StandardCharsets.UTF_8));
    assertThat(texts).isNotEmpty().allSatisfy(text -> assertThat(text).doesNotContain(CANARY));
  }

  @Test
  void aStoredCanaryLeaksOnNoSearchErrorPath() throws Exception {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(REF, CANARY);
    Scope scope = host.applyYuanbao(Map.of("baseURL", stub.baseUrl()));
    YuanbaoHost.assertActive(scope);

    answer(200, envelopeEchoingTheKey());
    WebError envelope = expect(WebErrorCodes.WEB_PROVIDER_ERROR, "envelope 200");
    assertThat(envelope.getMessage()).isEqualTo("the key *** is not valid");
    answer(401, envelopeEchoingTheKey());
    expect(WebErrorCodes.WEB_PROVIDER_ERROR, "envelope 401");
    answer(403, "forbidden for key " + CANARY);
    assertThat(expect(WebErrorCodes.WEB_PROVIDER_ERROR, "status").getMessage())
        .isEqualTo("Yuanbao search request failed: HTTP 403");
    answer(200, "not json, but the key " + CANARY);
    assertThat(expect(WebErrorCodes.WEB_PROVIDER_ERROR, "body").getMessage())
        .isEqualTo("Yuanbao returned an invalid response body");
    stub.reset();
    stub.answer(
        StubReply.status(302, "").withHeader("Location", "http://127.0.0.1:1/?k=" + CANARY));
    assertThat(expect(WebErrorCodes.WEB_PROVIDER_ERROR, "redirect").getMessage())
        .isEqualTo("Yuanbao search request failed: HTTP 302 redirect refused");

    scope.update(Map.of("baseURL", refusedBaseUrl()));
    assertThat(expect(WebErrorCodes.WEB_PROVIDER_ERROR, "refused").getMessage())
        .startsWith("Yuanbao search request failed: ConnectException");

    try (SearchProStub holding = SearchProStub.answering(StubReply.hold())) {
      scope.update(Map.of("baseURL", holding.baseUrl()));
      AbortController controller = new AbortController();
      var stage = host.web().search(WebSearchRequest.of("held"), controller.signal());
      Thread.sleep(100);
      controller.abort();
      Throwable aborted =
          catchThrowable(() -> stage.toCompletableFuture().get(5, TimeUnit.SECONDS)).getCause();
      assertThat(aborted).isInstanceOf(WebError.class).hasMessage("Yuanbao search aborted");
      errors.add(aborted);
    }

    shown.add(host.web());
    shown.add(host.web().providers());
    shown.add(host.credentials());
    shown.add(host.credentials().describe(REF));
    shown.add(host.credentials().list());
    shown.add(host.credentials().resolve(REF).toCompletableFuture().get(5, TimeUnit.SECONDS));
    shown.add(scope);
    assertNoCanary();
  }

  @Test
  void anExportedCanaryWithCharactersAHeaderCannotHoldIsRefusedNotEchoed() {
    host.withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));
    answer(200, YuanbaoHost.fixture("02-normal-en-10.json"));

    for (String bad :
        List.of(CANARY + "\n", CANARY + "\r\n", CANARY + " x", CANARY + "\u0000", CANARY + "é")) {
      host.env.put(YuanbaoHost.KEY_VARIABLE, bad);
      WebError error = expect(WebErrorCodes.WEB_PROVIDER_ERROR, "bad key");
      assertThat(error.getMessage()).contains("\"TENCENTCLOUD_WSA_APIKEY\"");
    }

    assertThat(stub.requests()).isEmpty();
    assertNoCanary();
  }

  @Test
  void aMissingKeyNamesTheReferenceAndNoOtherSecret() {
    host.withCredentials().withWeb(Map.of());
    host.credentials().set(REF, CANARY);
    host.env.put(YuanbaoHost.KEY_VARIABLE, CANARY);
    YuanbaoHost.assertActive(
        host.applyYuanbao(Map.of("baseURL", stub.baseUrl(), "apiKeyEnv", "UNSET_WSA_KEY")));

    WebError missing = expect(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING, "q");

    assertThat(missing.getMessage())
        .startsWith("Yuanbao search has no API key for \"UNSET_WSA_KEY\"");
    assertNoCanary();
  }

  @Test
  void aLiteralCanaryInARowThatFailsOrIsUpdatedLeaksNowhere() {
    host.withWeb(Map.of());
    Scope failed = host.applyYuanbao(Map.of("apiKey", CANARY, "count", 15, "apikey", CANARY));
    assertThat(failed.state()).isEqualTo(ScopeState.FAILED);
    errors.add(failed.error().orElseThrow());
    shown.add(failed);
    failed.dispose();

    Scope scope = host.applyYuanbao(Map.of("apiKey", CANARY, "baseURL", stub.baseUrl()));
    YuanbaoHost.assertActive(scope);
    Throwable rejected =
        catchThrowable(() -> scope.update(Map.of("apiKey", CANARY, "baseURL", "not a uri")));
    assertThat(rejected).hasMessageContaining("/baseURL");
    errors.add(rejected);
    answer(200, envelopeEchoingTheKey());
    expect(WebErrorCodes.WEB_PROVIDER_ERROR, "literal");
    shown.add(scope);
    shown.add(host.web().providers());

    assertNoCanary();
  }

  @Test
  void aCorruptStoreHoldingTheCanaryFailsTheSearchWithoutEchoingIt() throws IOException {
    host.withCredentials().withWeb(Map.of());
    YuanbaoHost.assertActive(host.applyYuanbao(Map.of("baseURL", stub.baseUrl())));
    Path store = home.resolve("credentials.json");

    for (String corrupt :
        List.of(
            "{\"version\": 1, \"credentials\": {\"TENCENTCLOUD_WSA_APIKEY\": " + CANARY + "}}",
            "{\"version\": 1, \"credentials\": {\"" + CANARY + "-bad name\": \"x\"}}",
            "{\"version\": 1, \"credentials\": {\"TENCENTCLOUD_WSA_APIKEY\": [\""
                + CANARY
                + "\"]}}",
            "{\"version\": 1, \"credentials\": {\"TENCENTCLOUD_WSA_APIKEY\": \"" + CANARY)) {
      Files.writeString(store, corrupt);
      WebError error = expect(WebErrorCodes.WEB_PROVIDER_ERROR, "corrupt");
      assertThat(error.getMessage())
          .startsWith(
              "Yuanbao search credential resolution failed: FileAccessException")
          .contains("is corrupt");
    }

    assertThat(stub.requests()).isEmpty();
    assertNoCanary();
  }
}
