package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.schema.ConfigSchemaGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The schema the loaded jar carries (what {@code --dump-config} redacts by) is the committed copy
 * under {@code schema/generated/}, and it is the schema the host validates the row against, which
 * the host generates from the plugin's config class as PF4J loaded it.
 */
class YuanbaoEmbeddedSchemaTest {

  /** Relative to the module folder, where the tests run. */
  private static final Path COMMITTED =
      Path.of("..", "schema", "generated", "dsh-web-search-yuanbao.config.schema.json");

  @TempDir Path home;
  private YuanbaoHost host;

  @BeforeEach
  void load() {
    host = new YuanbaoHost(home);
  }

  @AfterEach
  void close() {
    host.close();
  }

  @Test
  void theLoadedJarCarriesTheCommittedSchema() throws IOException {
    JsonNode committed = JsonMapper.builder().build().readTree(Files.readString(COMMITTED));

    assertThat(host.plugin().jar().configSchema()).contains(committed);
  }

  @Test
  void theHostValidatesAgainstTheSameSchemaTheJarCarries() {
    Class<?> configType = host.plugin().entry().configType().orElseThrow();

    assertThat(configType.getName()).isEqualTo("dev.dsh.yuanbao.YuanbaoConfig");
    assertThat(host.plugin().jar().configSchema())
        .contains(new ConfigSchemaGenerator().generate(configType));
  }
}
