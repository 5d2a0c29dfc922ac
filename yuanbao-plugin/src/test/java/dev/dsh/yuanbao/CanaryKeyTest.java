package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortController;
import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A canary key shows in no message, toString, cause or log line on any error path. */
class CanaryKeyTest {

  private static final String CANARY = "CANARY-7f3e9b2d41";
  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();

  private static void answer(int status, String body, String location) {
    server.reset();
    StubReply response = StubReply.status(status, body);
    if (location != null) {
      response = response.withHeader("Location", location);
    }
    server.answer(response);
  }

  private static WebError failWith(String key, String baseURL) {
    try (var provider = TestSupport.provider(Configs.withApiKey(Configs.withBaseURL(Configs.defaults(), baseURL), key))) {
      assertThat(provider.toString()).doesNotContain(CANARY);
      return TestSupport.failure(provider.search(WebSearchRequest.of("q " + "x"), AbortSignal.never()));
    }
  }

  private static WebError failFromSource(String key, Function<String, YuanbaoSearchProvider> make) {
    try (var provider = make.apply(key)) {
      return TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    }
  }

  @Test
  void canaryKeyAppearsNowhereOnAnyErrorPath() throws Exception {
    List<WebError> errors = new ArrayList<>();
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream capture = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setOut(capture);
    System.setErr(capture);
    try {
      // connection refused
      WebError connection = failWith(CANARY, TestSupport.refusedBaseUrl());
      assertThat(connection.getMessage()).startsWith("Yuanbao search request failed: ConnectException");
      errors.add(connection);

      // keys an HTTP header cannot carry, from each source
      for (String bad : List.of(CANARY + "\n", CANARY + "\r\nX-Evil: 1", CANARY + " tail", CANARY + "é", CANARY + "\u0000")) {
        errors.add(failWith(bad, server.baseUrl()));
        errors.add(failFromSource(bad, k -> TestSupport.provider(
            Configs.withBaseURL(Configs.defaults(), server.baseUrl()), Optional.empty(), Map.of(YuanbaoConfig.DEFAULT_API_KEY_ENV, k))));
        FakeCredentials store = new FakeCredentials();
        store.values.put(YuanbaoConfig.DEFAULT_API_KEY_ENV, bad);
        errors.add(failFromSource(bad, k -> TestSupport.provider(
            Configs.withBaseURL(Configs.defaults(), server.baseUrl()), Optional.of(store), Map.of())));
      }
      assertThat(server.requests()).as("no request with a bad key").isEmpty();

      // an envelope whose Message quotes the key
      answer(401, "{\"Response\":{\"Error\":{\"Code\":\"AuthFailure\",\"Message\":\"key " + CANARY + " is invalid\"}}}", null);
      WebError envelope = failWith(CANARY, server.baseUrl());
      assertThat(envelope.getMessage()).isEqualTo("key *** is invalid");
      errors.add(envelope);
      answer(200, "{\"Response\":{\"Error\":{\"Code\":\"" + CANARY + "\"}}}", null);
      WebError codeOnly = failWith(CANARY, server.baseUrl());
      assertThat(codeOnly.getMessage()).isEqualTo("Yuanbao search failed: ***");
      errors.add(codeOnly);

      // status, redirect, invalid body, over cap
      answer(500, CANARY, null);
      errors.add(failWith(CANARY, server.baseUrl()));
      answer(302, CANARY, "http://127.0.0.1:1/" + CANARY);
      errors.add(failWith(CANARY, server.baseUrl()));
      answer(200, "not json " + CANARY, null);
      errors.add(failWith(CANARY, server.baseUrl()));

      // abort while the server holds the answer
      try (SearchProStub raw = SearchProStub.answering(StubReply.hold());
          var provider = TestSupport.provider(Configs.withApiKey(Configs.withBaseURL(Configs.defaults(), raw.baseUrl()), CANARY))) {
        AbortController controller = new AbortController();
        var stage = provider.search(WebSearchRequest.of("q"), controller.signal());
        raw.awaitRequest(1, Duration.ofSeconds(TestSupport.HANG_BOUND_SECONDS));
        controller.abort(new IllegalStateException("stop"));
        errors.add(TestSupport.failure(stage));
      }
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    assertThat(errors).hasSizeGreaterThan(15);
    for (WebError error : errors) {
      assertThat(error.code()).isIn(WebErrorCodes.WEB_PROVIDER_ERROR, WebErrorCodes.WEB_ABORTED);
      for (Throwable t = error; t != null; t = t.getCause()) {
        assertThat(String.valueOf(t.getMessage())).doesNotContain(CANARY);
        assertThat(t.toString()).doesNotContain(CANARY);
      }
      assertThat(error.providerCode().orElse("")).doesNotContain(CANARY);
    }
    assertThat(captured.toString(StandardCharsets.UTF_8)).doesNotContain(CANARY);
  }

  /** The service echoing the key inside results: scrubbed in any letter case. */
  @Test
  void canaryKeyEchoedInResultsIsScrubbedFromEveryString() {
    String lower = CANARY.toLowerCase(java.util.Locale.ROOT);
    String page =
        "{\"url\":\"https://a.example/?token=" + lower + "\",\"title\":\"Bearer " + CANARY
            + "\",\"passage\":\"the key is &lt;" + CANARY.toUpperCase(java.util.Locale.ROOT)
            + "&gt; and " + lower + "\"}";
    answer(200, "{\"Response\":{\"Pages\":[" + quoted(page) + "]}}", null);
    try (var provider =
        TestSupport.provider(Configs.withApiKey(Configs.withBaseURL(Configs.defaults(), server.baseUrl()), CANARY))) {
      var sources = TestSupport.search(provider, "q").sources();
      assertThat(sources)
          .extracting(s -> s.url(), s -> s.title(), s -> s.snippet())
          .containsExactly(
              org.assertj.core.groups.Tuple.tuple(
                  "https://a.example/?token=***", "Bearer ***", "the key is <***> and ***"));
      assertThat(sources.toString()).doesNotContainIgnoringCase(CANARY);
    } finally {
      }
  }

  private static String quoted(String s) {
    return tools.jackson.databind.json.JsonMapper.builder().build().writeValueAsString(s);
  }

  @Test
  void headerIllegalKeyIsRefusedWithoutEchoingIt() {
    WebError error = failWith(CANARY + "\n", server.baseUrl());
    assertThat(error.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(error.getMessage())
        .isEqualTo(
            "Yuanbao search request failed: the API key from apiKey holds a line break, a space or"
                + " another character an HTTP header cannot carry");
  }

  @Test
  void theSettingsSnapshotPrintsNeitherTheKeyNorAPasswordInBaseUrl() {
    Settings settings = Settings.of(Configs.withApiKey(
        Configs.withBaseURL(Configs.defaults(), "https://user:" + CANARY + "@a.example"),
        CANARY));
    assertThat(settings.toString()).doesNotContain(CANARY).contains("a.example");
  }
}
