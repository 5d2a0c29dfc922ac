package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.host.json.SearchJson;
import dev.dsh.serve.testing.ServedHost;
import dev.dsh.serve.testing.ServedOnce;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code POST /api/search} and {@code GET /api/status}, on one server for the class. */
class ApiSearchTest {

  @RegisterExtension static final ServedOnce SERVED = new ServedOnce();
  private static final SearchProStub STUB = SERVED.stub();

  @Test
  void aSearchAnswers200WithExactlyWhatDshSearchJsonPrints() throws Exception {
    STUB.answer(SearchProAnswers.pages("tea", 3));
    HttpResponse<String> response = SERVED.served().postJson("/api/search",
        "{\"query\": \"green tea\", \"maxResults\": 2, \"site\": \"example.com\","
            + " \"freshness\": \"week\", \"timeoutMs\": 20000}");
    String expected = SearchJson.of(SERVED.served().host()
        .search(new WebSearchRequest("green tea", 2), AbortSignal.never())
        .toCompletableFuture().get(20, TimeUnit.SECONDS)).toJson();

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    assertThat(response.body()).isEqualTo(expected + "\n");
    assertThat(response.body()).contains("\"truncated\":true", "https://example.com/tea/2")
        .doesNotContain("https://example.com/tea/3");
    assertThat(STUB.searches().get(0).body()).contains("\"Query\":\"green tea\"",
        "\"Site\":\"example.com\"");
  }

  @Test
  void aRequestTheProviderCannotServeAsAskedIs400WithTheSearchErrorObject() {
    HttpResponse<String> response = SERVED.served().postJson("/api/search",
        "{\"query\": \"q\", \"site\": \"a.com\", \"excludeSites\": [\"b.com\"]}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"WEB_REQUEST_UNSUPPORTED\","
        + "\"message\":\"Yuanbao cannot combine site with excludeSites: SearchPro has one Site"
        + " field\"}}\n");
    // by its site: a loaded machine may deliver the timed-out search of another test late
    assertThat(STUB.requests()).noneMatch(request -> request.body().contains("a.com"));
  }

  @Test
  void aProviderFailureIs502WithTheErrorObjectAndTheUpstreamStatus() {
    STUB.answer(StubReply.status(500, "{}"));
    HttpResponse<String> response = SERVED.served().postJson("/api/search", "{\"query\": \"q\"}");

    assertThat(response.statusCode()).isEqualTo(502);
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"WEB_PROVIDER_ERROR\","
        + "\"message\":\"Yuanbao search request failed: HTTP 500\",\"upstreamStatus\":500}}\n");
  }

  @Test
  void anErrorEnvelopeIs502WithTheProviderCode() {
    STUB.answer(StubReply.json(
            "{\"Response\":{\"Error\":{\"Code\":\"InternalError\",\"Message\":\"broken\"}}}"));
    HttpResponse<String> response = SERVED.served().postJson("/api/search", "{\"query\": \"q\"}");

    assertThat(response.statusCode()).isEqualTo(502);
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"WEB_PROVIDER_ERROR\","
        + "\"message\":\"broken\",\"providerCode\":\"InternalError\"}}\n");
  }

  @Test
  void aRateLimitIs429WithTheServicesRetryAfter() {
    STUB.answer(StubReply.status(429, "{}").withHeader("Retry-After", "7"));
    HttpResponse<String> response = SERVED.served().postJson("/api/search", "{\"query\": \"q\"}");

    assertThat(response.statusCode()).isEqualTo(429);
    assertThat(response.headers().firstValue("Retry-After")).hasValue("7");
    assertThat(response.body()).contains("\"upstreamStatus\":429", "\"WEB_PROVIDER_ERROR\"");
  }

  @Test
  void aSearchThatRunsOutOfTimeIs504WordedAsEveryDoor() {
    STUB.holdAnswers();
    try {
      HttpResponse<String> response =
          SERVED.served().postJson("/api/search", "{\"query\": \"q\", \"timeoutMs\": 200}");

      assertThat(response.statusCode()).isEqualTo(504);
      assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"WEB_ABORTED\","
          + "\"message\":\"web search timed out after 200 ms\"}}\n");
    } finally {
      STUB.release();
    }
  }

  @Test
  void noProviderReadyIs503(@TempDir Path home) {
    try (ServedHost unready = ServedHost.start(home, "ftp://x", "")) {
      HttpResponse<String> response = unready.postJson("/api/search", "{\"query\": \"q\"}");

      assertThat(response.statusCode()).isEqualTo(503);
      assertThat(response.body()).startsWith("{\"error\":{\"code\":\"WEB_PROVIDER_UNAVAILABLE\"")
          .contains("baseURL is not an absolute http(s) URL");
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiter = '|', quoteCharacter = '`', value = {
      "`{\"query\": \"q\"`|the body is not valid JSON (line 1, column ",
      "`[\"q\"]`|the body must be a JSON object",
      "`{\"query\": \"q\"} {}`|the body is not valid JSON",
      "`{\"query\": \"q\", \"limit\": 3}`|/limit: unknown field; the fields are query, maxResults,",
      "`{\"query\": \"q\", \"a/b~\": 3}`|/a~1b~0: unknown field",
      "`{\"query\": 5}`|/query: must be a string that is not blank",
      "`{\"query\": \"  \"}`|/query: must be a string that is not blank",
      "`{\"maxResults\": 3}`|/query: must be a string that is not blank",
      "`{\"query\": \"q\", \"maxResults\": \"5\"}`|/maxResults: must be an integer from 1 to ",
      "`{\"query\": \"q\", \"maxResults\": 0}`|/maxResults: must be an integer from 1 to 2147483647, was 0",
      "`{\"query\": \"q\", \"timeoutMs\": 0}`|/timeoutMs: must be an integer from 1 to 3600000, was 0",
      "`{\"query\": \"q\", \"timeoutMs\": 3600001}`|/timeoutMs: must be an integer from 1 to 3600000, was 3600001",
      "`{\"query\": \"q\", \"timeoutMs\": 1.5}`|/timeoutMs: must be an integer from 1 to 3600000",
      "`{\"query\": \"q\", \"site\": [\"a.com\"]}`|/site: must be a string",
      "`{\"query\": \"q\", \"site\": \"http://a.com/\"}`|/site: must be a domain such as",
      "`{\"query\": \"q\", \"excludeSites\": \"a.com\"}`|/excludeSites: must be an array of domains",
      "`{\"query\": \"q\", \"excludeSites\": [\"a.com\", 7]}`|/excludeSites/1: must be a string (a domain)",
      "`{\"query\": \"q\", \"freshness\": \"soon\"}`|/freshness: must be day, week, month, year",
  })
  void aBadBodyIs400NamingTheField(String body, String message) {
    HttpResponse<String> response = SERVED.served().postJson("/api/search", body);

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).startsWith(
        "{\"error\":{\"code\":\"BAD_REQUEST\",\"message\":\"" + message.replace("\"", "\\\""));
    assertThat(STUB.requests()).isEmpty();
  }

  @Test
  void aControlCharacterInARefusedValueComesBackEscaped() {
    HttpResponse<String> response = SERVED.served().postJson("/api/search",
        "{\"query\": \"q\", \"excludeSites\": [\"a.com\", \"b\\u0007\\u001b[2Jc\"]}");

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(response.body()).contains("/excludeSites/1: must be a domain")
        .contains("b\\\\u0007\\\\u001b[2Jc");
    assertThat(response.body().chars()).noneMatch(c -> c < 0x20 && c != '\n');
  }

  @Test
  void otherMethodsAre405AndOtherContentTypes415() {
    HttpResponse<String> get = SERVED.served().get("/api/search");
    HttpResponse<String> text = SERVED.served().send(SERVED.served().request("/api/search")
        .header("Content-Type", "text/plain")
        .POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"q\"}")).build());
    HttpResponse<String> postStatus = SERVED.served().postJson("/api/status", "{}");

    assertThat(get.statusCode()).isEqualTo(405);
    assertThat(get.headers().firstValue("Allow")).hasValue("POST");
    assertThat(get.body()).isEqualTo("{\"error\":{\"code\":\"METHOD_NOT_ALLOWED\","
        + "\"message\":\"/api/search answers POST only\"}}\n");
    assertThat(text.statusCode()).isEqualTo(415);
    assertThat(text.body()).contains("UNSUPPORTED_MEDIA_TYPE", "Content-Type: application/json");
    // Its body unread, the connection is not kept: the next request comes on a new one.
    assertThat(text.headers().firstValue("Connection")).hasValue("close");
    assertThat(postStatus.statusCode()).isEqualTo(405);
    assertThat(postStatus.headers().firstValue("Allow")).hasValue("GET");
    assertThat(STUB.requests()).isEmpty();
  }

  @Test
  void statusAnswersWhatDshRunsStatusPrints() {
    HttpResponse<String> response = SERVED.served().get("/api/status");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo(SERVED.served().host().status().toJson() + "\n");
    assertThat(response.body()).contains("\"id\":\"yuanbao\",\"available\":true,\"ready\":true");
  }
}
