package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A body over 1 MiB is 413 and headers over 8 KiB are 431, each a JSON error naming its cap. */
class LimitsTest {

  @TempDir Path home;
  private SearchProStub stub;
  private ServedHost served;

  @BeforeEach
  void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterEach
  void stop() {
    served.close();
    stub.close();
  }

  @Test
  void aBodyOverOneMebibyteIs413NamingTheCap() {
    String body = "{\"query\":\"" + "a".repeat(1 << 20) + "\"}";

    HttpResponse<String> response = served.postJson("/api/search", body);

    assertThat(response.statusCode()).isEqualTo(413);
    assertThat(response.body()).isEqualTo("{\"error\":{\"code\":\"BODY_TOO_LARGE\",\"message\":"
        + "\"the request body is over the 1048576-byte (1 MiB) cap: send a smaller one\"}}");
    assertThat(stub.requestCount()).isZero();
  }

  @Test
  void headersOverEightKibibytesAre431() {
    HttpResponse<String> response = served.send(served.request("/api/status")
        .header("X-Padding", "p".repeat(9 * 1024)).build());

    assertThat(response.statusCode()).isEqualTo(431);
    assertThat(response.body()).doesNotContain("ppppp");
  }
}
