package dev.dsh.serve.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;

/** Checks that secrets (tokens, keys) come back in no answer's body or headers, nor a log line. */
public final class Canary {

  private Canary() {}

  /** Each of {@code secrets} is in no answer's body or headers, and in no line of {@code log}. */
  public static void nowhere(List<HttpResponse<String>> answers, List<String> log,
      String... secrets) {
    for (String secret : secrets) {
      assertThat(answers).allSatisfy(answer -> {
        assertThat(answer.body()).doesNotContain(secret);
        assertThat(answer.headers().map().toString()).doesNotContain(secret);
      });
      assertThat(log).noneMatch(line -> line.contains(secret));
    }
  }
}
