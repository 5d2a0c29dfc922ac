package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.ScopeState;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.testing.ReadmeExamples;
import dev.dsh.host.testing.RealPluginJar;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/embedding.md's metrics example is {@link MetricsExample}; it prints the meters it reads. */
class MetricsExampleTest {

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("MetricsExample"))
        .isEqualTo(ReadmeExamples.source("MetricsExample"));
  }

  @Test
  void theExamplePrintsTheActiveScopesAndTheBootsReload(@TempDir Path home) throws Exception {
    long active;
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"))) {
      RealPluginJar.install(home, stub.baseUrl(), "apiKey: \"sk-example\"");
      try (Host host = Host.start(HostOptions.of(home, "default"))) {
        active = host.scopes().stream().filter(s -> s.state() == ScopeState.ACTIVE).count();
      }
      ByteArrayOutputStream printed = new ByteArrayOutputStream();

      MetricsExample.run(home, new SimpleMeterRegistry(),
          new PrintStream(printed, true, StandardCharsets.UTF_8));

      assertThat(active).isPositive();
      assertThat(printed.toString(StandardCharsets.UTF_8))
          .isEqualTo("active scopes: " + active + ", reloads: 1" + System.lineSeparator());
    }
  }
}
