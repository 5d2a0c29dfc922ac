package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.Plugin;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.schema.EmbeddedSchema;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every numeric field of every built-in row has a range in the schema its jar carries, and a value
 * one past either end is refused with the pointer message naming the bound, the range and the
 * value.
 */
class BuiltinNumberRangesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One numeric field of a built-in: its row, config type, pointer and schema. */
  record NumericField(String row, Class<?> type, String name, JsonNode schema) {
    @Override
    public String toString() {
      return row + " /" + name;
    }
  }

  static List<Plugin> builtins() {
    Map<String, Plugin> builtins =
        HostInspection.builtins(HostOptions.of(Path.of("unused-home"), "default"), Optional::empty);
    return Stream.of("env", "credentials", "web", "tool-web").map(builtins::get).toList();
  }

  static Stream<NumericField> numericFields() throws IOException {
    List<NumericField> fields = new ArrayList<>();
    for (Plugin plugin : builtins()) {
      Class<?> type = plugin.configType().orElseThrow();
      for (Map.Entry<String, JsonNode> property : schemaOf(type).path("properties").properties()) {
        String kind = property.getValue().path("type").asString("");
        if (kind.equals("integer") || kind.equals("number")) {
          fields.add(new NumericField(plugin.name(), type, property.getKey(), property.getValue()));
        }
      }
    }
    return fields.stream();
  }

  private static JsonNode schemaOf(Class<?> type) throws IOException {
    try (InputStream in =
        type.getClassLoader().getResourceAsStream(EmbeddedSchema.resourceName(type))) {
      assertThat(in).as("the embedded schema of %s", type.getName()).isNotNull();
      return JSON.readTree(in);
    }
  }

  @Test
  void everyBuiltinRowChecksItsConfigAgainstASchemaAndSomeHaveNumbers() throws IOException {
    assertThat(builtins())
        .extracting(Plugin::name)
        .containsExactly("env", "credentials", "web", "tool-web");
    assertThat(builtins()).allSatisfy(plugin -> assertThat(plugin.configType()).isPresent());
    assertThat(numericFields()).extracting(NumericField::toString).contains("tool-web /searchTimeoutMs");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("numericFields")
  void everyNumericFieldHasARangeAndRefusesOnePastEitherEnd(NumericField field) {
    assertThat(field.schema().has("minimum")).as("%s has a minimum", field).isTrue();
    assertThat(field.schema().has("maximum")).as("%s has a maximum", field).isTrue();
    BigInteger min = field.schema().get("minimum").bigIntegerValue();
    BigInteger max = field.schema().get("maximum").bigIntegerValue();
    String range = "allowed: " + min + " to " + max;

    assertThat(refusal(field, max.add(BigInteger.ONE)))
        .isEqualTo(new ConfigViolation("/" + field.name(),
            "must be at most " + max + " (" + range + "; got " + max.add(BigInteger.ONE) + ")"));
    assertThat(refusal(field, min.subtract(BigInteger.ONE)))
        .isEqualTo(new ConfigViolation("/" + field.name(),
            "must be at least " + min + " (" + range + "; got " + min.subtract(BigInteger.ONE) + ")"));
    assertThat(new SchemaConfigValidator()
            .validate(field.row(), field.type(), Map.of(field.name(), max))
            .bind(field.type()))
        .as("the largest value binds")
        .isNotNull();
  }

  private static ConfigViolation refusal(NumericField field, BigInteger value) {
    Throwable thrown = catchThrowable(() -> new SchemaConfigValidator()
        .validate(field.row(), field.type(), Map.of(field.name(), value)));
    assertThat(thrown).isInstanceOf(ConfigException.class);
    List<ConfigViolation> violations = ((ConfigException) thrown).violations();
    assertThat(violations).hasSize(1);
    return violations.get(0);
  }
}
