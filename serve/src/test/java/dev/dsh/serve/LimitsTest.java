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
    // Refused on its declared length, before a byte is sent: a client that sent the body anyway
    // could see the connection reset instead of the answer, as with any HTTP/1.1 server.
    String response = served.raw("POST /api/search HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + "Authorization: Bearer " + ServedHost.TOKEN + "\r\nContent-Type: application/json\r\n"
        + "Content-Length: " + ((1 << 20) + 1) + "\r\nExpect: 100-continue\r\n"
        + "Connection: close\r\n\r\n");

    assertThat(response).startsWith("HTTP/1.1 413 ").endsWith("\r\n\r\n"
        + "{\"error\":{\"code\":\"BODY_TOO_LARGE\",\"message\":"
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
