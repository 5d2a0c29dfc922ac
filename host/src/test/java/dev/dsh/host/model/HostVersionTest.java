package dev.dsh.host.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class HostVersionTest {

  @Test
  void versionComesFromTheBuildAndMatchesThePom() throws IOException {
    // Surefire runs in the module folder; the module's POM names the parent version it inherits.
    String pom = Files.readString(Path.of("pom.xml"));

    assertThat(HostVersion.current())
        .matches("\\d+\\.\\d+\\.\\d+.*")
        .satisfies(version -> assertThat(pom).contains("<version>" + version + "</version>"));
  }
}
