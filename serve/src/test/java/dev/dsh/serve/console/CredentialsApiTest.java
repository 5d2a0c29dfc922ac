package dev.dsh.serve.console;

import static dev.dsh.serve.console.ConsoleApiCalls.getOk;
import static dev.dsh.serve.console.ConsoleApiCalls.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code /api/credentials}: listed, set and removed, never a value in an answer. */
class CredentialsApiTest {

  private static final String REF = "CONSOLE_TEST_KEY";
  private static final String VALUE = "sk-console-3b9d2e7a41";

  @TempDir Path home;

  @Test
  void aCredentialSetWorksForTheNextSearchAndItsValueIsNeverAnswered() {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "apiKeyEnv: " + REF)) {
      String missing = getOk(served, "/api/credentials").toString();
      HttpResponse<String> before = served.postJson("/api/search", "{\"query\": \"q\"}");

      HttpResponse<String> set =
          served.putJson("/api/credentials/" + REF, "{\"value\": \"" + VALUE + "\"}");
      String configured = getOk(served, "/api/credentials").toString();
      HttpResponse<String> after = served.postJson("/api/search", "{\"query\": \"q\"}");
      List<String> bodies = List.of(configured, after.body(), served.get("/api/config").body(),
          served.get("/api/config/dump").body(), served.get("/api/overview").body());
      HttpResponse<String> deleted = served.delete("/api/credentials/" + REF);
      String gone = getOk(served, "/api/credentials").toString();

      assertThat(missing).isEqualTo("{\"credentials\":[{\"ref\":\"" + REF + "\",\"configured\":"
          + "false,\"source\":null,\"writable\":true,\"rows\":[\"web-search-yuanbao\"]}]}");
      assertThat(before.statusCode()).isNotEqualTo(200);
      assertThat(set.statusCode()).as(set.body()).isEqualTo(204);
      assertThat(set.body()).isEmpty();
      assertThat(configured).contains("\"configured\":true,\"source\":\"store\"");
      assertThat(after.statusCode()).as(after.body()).isEqualTo(200);
      assertThat(stub.searches()).hasSize(1);
      assertThat(stub.searches().get(0).hasHeader("Authorization", "Bearer " + VALUE)).isTrue();
      assertThat(bodies).allSatisfy(body -> assertThat(body).doesNotContain(VALUE));
      assertThat(deleted.statusCode()).isEqualTo(204);
      assertThat(gone).contains("\"configured\":false");
    }
  }

  @Test
  void aValueTheStoreRefusesIs400WithItsMessageNeverTheValue() {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      HttpResponse<String> control =
          served.putJson("/api/credentials/" + REF, "{\"value\": \"sk-bad\\u0001value\"}");
      HttpResponse<String> blank = served.putJson("/api/credentials/" + REF, "{\"value\": \" \"}");
      HttpResponse<String> badName =
          served.putJson("/api/credentials/9-not-a-name", "{\"value\": \"x\"}");

      assertThat(control.statusCode()).isEqualTo(400);
      assertThat(json(control).get("error").get("code").asString()).isEqualTo("BAD_CREDENTIAL");
      assertThat(control.body()).doesNotContain("sk-bad");
      assertThat(blank.statusCode()).isEqualTo(400);
      assertThat(json(blank).get("error").get("message").asString())
          .isEqualTo("cannot store " + REF + ": the value is empty");
      assertThat(badName.statusCode()).isEqualTo(400);
      assertThat(json(badName).get("error").get("code").asString()).isEqualTo("BAD_CREDENTIAL");
    }
  }
}
