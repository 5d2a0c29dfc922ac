package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ServedHost;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One line per request: client, method, path, status, time; never a query, token or key. */
class AccessLogTest {

  @TempDir Path home;

  @Test
  void eachRequestIsOneLineWithoutQueryOrToken() {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      served.send(HttpRequest.newBuilder(served.url("/healthz?q=secret-query")).build());
      served.get("/api/nothing?query=secret-query&key=" + ServedHost.KEY);
      served.send(HttpRequest.newBuilder(served.url("/api/status?q=secret-query"))
          .header("Authorization", "Bearer wrong-" + ServedHost.TOKEN).build());
      // A line is written once its response is out: the stop waits for every one.
      served.close();

      List<String> lines = served.log().stream().filter(l -> l.startsWith("http ")).toList();
      assertThat(lines).hasSize(3);
      assertThat(lines.get(0)).matches("http 127\\.0\\.0\\.1 GET /healthz 200 \\d+ms");
      assertThat(lines.get(1)).matches("http 127\\.0\\.0\\.1 GET /api/nothing 404 \\d+ms");
      assertThat(lines.get(2)).matches("http 127\\.0\\.0\\.1 GET /api/status 401 \\d+ms");
      assertThat(served.log()).noneMatch(l -> l.contains("secret-query")
          || l.contains(ServedHost.TOKEN) || l.contains(ServedHost.KEY));
    }
  }

  @Test
  void aLogFileGetsTheLinesAppendedWithTheirTime() throws IOException {
    Path file = home.resolve("access.log");
    Files.writeString(file, "an earlier line\n");
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "",
            o -> new ServeOptions(o.bind(), o.port(), o.stateless(), o.tokenFile(),
                o.tlsKeystore(), Optional.of(file), o.drainDeadline(), o.maxSessions(),
                o.sessionIdle(), List.of(), List.of()))) {
      served.get("/api/nothing?q=secret-query");
      served.close();

      List<String> lines = Files.readAllLines(file);
      assertThat(lines).hasSize(2);
      assertThat(lines.get(0)).isEqualTo("an earlier line");
      assertThat(lines.get(1)).matches(
          "\\[\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}(Z|[+-]\\d\\d:\\d\\d)] 127\\.0\\.0\\.1"
              + " GET /api/nothing 404 \\d+ms");
      assertThat(served.log()).noneMatch(l -> l.startsWith("http "));
    }
  }

  @Test
  void anAccessLogThatCannotBeWrittenIsAClearStartUpError() {
    Path file = home.resolve("no-such-folder/access.log");
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      assertThatThrownBy(() -> ServedHost.start(home,
              stub.baseUrl(), "", o -> new ServeOptions(o.bind(), o.port(), o.stateless(),
                  o.tokenFile(), o.tlsKeystore(), Optional.of(file), o.drainDeadline(),
                  o.maxSessions(), o.sessionIdle(), List.of(), List.of())))
          .isInstanceOf(ServeException.class)
          .hasMessageStartingWith("cannot append to the access log " + file + ": ")
          .hasMessageEndingWith(": give a file this user can write");
    }
  }
}
