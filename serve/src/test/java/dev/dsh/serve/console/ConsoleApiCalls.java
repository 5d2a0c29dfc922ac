package dev.dsh.serve.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.serve.testing.ServedHost;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** What the console API tests share: JSON reads and waiting for the host's reload. */
final class ConsoleApiCalls {

  /** A hang bound: the watcher's reload after a file changed. */
  static final Duration SOON = Duration.ofSeconds(30);

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ConsoleApiCalls() {}

  static JsonNode json(HttpResponse<String> response) {
    return JSON.readTree(response.body());
  }

  /** {@code GET path}, which must answer 200, as JSON. */
  static JsonNode getOk(ServedHost served, String path) {
    HttpResponse<String> response = served.get(path);
    assertThat(response.statusCode()).as("GET %s: %s", path, response.body()).isEqualTo(200);
    return json(response);
  }

  /** {@code GET path} again until its JSON passes {@code test}, within {@link #SOON}. */
  static JsonNode await(ServedHost served, String path, Predicate<JsonNode> test)
      throws InterruptedException {
    long end = System.nanoTime() + SOON.toNanos();
    JsonNode last = getOk(served, path);
    while (!test.test(last)) {
      assertThat(System.nanoTime()).as("waiting on %s, last %s", path, last).isLessThan(end);
      Thread.sleep(50);
      last = getOk(served, path);
    }
    return last;
  }
}
