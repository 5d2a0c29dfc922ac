package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.Plugin;
import dev.dsh.schema.ConfigSchemaGenerator;
import dev.dsh.schema.EmbeddedSchema;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The built-ins' config schemas are generated at build time (host-demo's pom, {@code
 * embed-builtin-schemas}) so that a start generates none: every built-in with a config type must
 * carry a copy, and the copy must be what the generator makes of the class today.
 */
class BuiltinSchemasTest {

  @Test
  void everyBuiltinConfigTypeCarriesItsCurrentSchema(@TempDir Path home) throws IOException {
    Map<String, Plugin> builtins =
        HostInspection.builtins(HostOptions.of(home, "default"), Optional::empty);
    List<Class<?>> types =
        Stream.of("env", "credentials", "web", "tool-web").map(builtins::get)
            .flatMap(plugin -> plugin.configType().stream())
            .toList();
    assertThat(types).as("built-ins with a config type").hasSize(4);

    for (Class<?> type : types) {
      String resource = EmbeddedSchema.resourceName(type);
      try (InputStream in = type.getClassLoader().getResourceAsStream(resource)) {
        assertThat(in)
            .as("%s: add the class to embed-builtin-schemas in host-demo/pom.xml", resource)
            .isNotNull();
        assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8))
            .as(resource)
            .isEqualTo(new ConfigSchemaGenerator().generateText(type));
      }
    }
  }
}
