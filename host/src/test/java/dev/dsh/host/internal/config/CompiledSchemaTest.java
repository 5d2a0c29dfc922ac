package dev.dsh.host.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.Default;
import dev.dsh.schema.ConfigSchemaGenerator;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CompiledSchemaTest {

  /** Two config classes of the same shape: their generated schemas are the same text. */
  public record TwinA(@Default("10") @AllowedValues({"10", "20"}) Integer count) {}

  /** See {@link TwinA}. */
  public record TwinB(@Default("10") @AllowedValues({"10", "20"}) Integer count) {}

  @Test
  void aClassWithAnEmbeddedCopyIsValidatedAgainstThatCopyNotAFreshGeneration() {
    SchemaConfigValidator validator = new SchemaConfigValidator();

    Config filled = validator.validate("probe", EmbeddedProbeConfig.class, Map.of());

    assertThat(filled.raw()).containsEntry("count", 11);
    assertThatThrownBy(() -> validator.validate("probe", EmbeddedProbeConfig.class, Map.of("count", 13)))
        .isInstanceOf(ConfigException.class)
        .hasMessageContaining("/count");
    assertThat(SchemaConfigValidator.text(EmbeddedProbeConfig.class))
        .isNotEqualTo(new ConfigSchemaGenerator().generateText(EmbeddedProbeConfig.class));
  }

  @Test
  void aClassWithoutAnEmbeddedCopyHasItsSchemaGenerated() {
    assertThat(SchemaConfigValidator.text(TwinA.class))
        .isEqualTo(new ConfigSchemaGenerator().generateText(TwinA.class));
  }

  @Test
  void twoClassesOfTheSameShapeAreCheckedAlike() {
    Map<String, Object> bad = Map.of("count", 15);

    assertThatThrownBy(() -> new SchemaConfigValidator().validate("a", TwinA.class, bad))
        .hasMessageContaining("/count: must be one of 10, 20 (got 15)");
    assertThatThrownBy(() -> new SchemaConfigValidator().validate("b", TwinB.class, bad))
        .hasMessageContaining("/count: must be one of 10, 20 (got 15)");
  }
}
