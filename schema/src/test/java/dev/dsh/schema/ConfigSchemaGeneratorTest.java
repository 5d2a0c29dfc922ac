package dev.dsh.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Secret;
import java.util.ArrayList;
import java.util.List;
import org.everit.json.schema.Schema;
import org.everit.json.schema.ValidationException;
import org.everit.json.schema.loader.SchemaLoader;
import org.json.JSONObject;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

class ConfigSchemaGeneratorTest {

  private final ConfigSchemaGenerator generator = new ConfigSchemaGenerator();
  private final ObjectNode schema = generator.generate(SampleConfig.class);

  private JsonNode property(String name) {
    return schema.path("properties").path(name);
  }

  @Test
  void schemaIsADraft07ObjectThatForbidsUnknownKeysAtEveryLevel() {
    assertAll(
        () -> assertThat(schema.path("$schema").asString()).isEqualTo(ConfigSchemaGenerator.DRAFT_07),
        () -> assertThat(schema.path("type").asString()).isEqualTo("object"),
        () -> assertThat(schema.path("additionalProperties").isBoolean()).isTrue(),
        () -> assertThat(schema.path("additionalProperties").asBoolean()).isFalse(),
        () -> assertThat(property("limits").path("additionalProperties").isBoolean()).isTrue(),
        () -> assertThat(property("limits").path("additionalProperties").asBoolean()).isFalse());
  }

  @Test
  void propertiesKeepTheirDeclarationOrder() {
    List<String> names = new ArrayList<>(schema.path("properties").propertyNames());
    assertThat(names)
        .containsExactly(
            "apiKey", "apiKeyEnv", "baseURL", "count", "mode", "owner", "verbose", "tags",
            "limits");
  }

  @Test
  void fieldsCarryTheirTypesAndDescriptions() {
    assertAll(
        () -> assertThat(property("apiKey").path("type").asString()).isEqualTo("string"),
        () -> assertThat(property("count").path("type").asString()).isEqualTo("integer"),
        () -> assertThat(property("verbose").path("type").asString()).isEqualTo("boolean"),
        () -> assertThat(property("tags").path("type").asString()).isEqualTo("array"),
        () -> assertThat(property("tags").path("items").path("type").asString()).isEqualTo("string"),
        () -> assertThat(property("count").path("description").asString())
            .isEqualTo("Results per search."),
        () -> assertThat(property("limits").path("properties").path("maxPages").path("description")
            .asString()).isEqualTo("Max pages."));
  }

  @Test
  void defaultsAreTypedAsTheirField() {
    assertAll(
        () -> assertThat(property("count").path("default").isInt()).isTrue(),
        () -> assertThat(property("count").path("default").asInt()).isEqualTo(10),
        () -> assertThat(property("verbose").path("default").isBoolean()).isTrue(),
        () -> assertThat(property("baseURL").path("default").asString())
            .isEqualTo("https://api.wsa.cloud.tencent.com"),
        () -> assertThat(property("apiKeyEnv").path("default").asString())
            .isEqualTo("TENCENTCLOUD_WSA_APIKEY"),
        () -> assertThat(property("apiKey").has("default")).isFalse());
  }

  @Test
  void allowedValuesBecomeATypedEnum() {
    assertThat(property("count").path("enum").toString()).isEqualTo("[10,20,30,40,50]");
    assertThat(property("mode").path("enum").toString()).isEqualTo("[\"fast\",\"deep\"]");
  }

  @Test
  void formatSecretAndCredentialReferenceAreMarked() {
    assertAll(
        () -> assertThat(property("baseURL").path("format").asString()).isEqualTo("uri"),
        () -> assertThat(property("apiKey").path("x-secret").asBoolean()).isTrue(),
        () -> assertThat(property("apiKeyEnv").has("x-secret")).isFalse(),
        () -> assertThat(property("apiKeyEnv").path("x-credential-reference").asBoolean()).isTrue(),
        () -> assertThat(property("apiKeyEnv").path("pattern").asString())
            .isEqualTo("^[A-Za-z_][A-Za-z0-9_]*$"),
        () -> assertThat(property("apiKey").has("x-credential-reference")).isFalse());
  }

  @Test
  void onlyRequiredFieldsAreRequired() {
    assertThat(schema.path("required").toString()).isEqualTo("[\"owner\"]");
  }

  @Test
  void aPlainClassIsDescribedFromItsFieldsAndGetters() {
    ObjectNode classSchema = generator.generate(ClassStyleConfig.class);
    assertAll(
        () -> assertThat(classSchema.path("properties").propertyNames())
            .containsExactly("zone", "retries"),
        () -> assertThat(classSchema.path("required").toString()).isEqualTo("[\"zone\"]"),
        () -> assertThat(classSchema.at("/properties/retries/default").asInt()).isEqualTo(2),
        () -> assertThat(classSchema.at("/properties/retries/description").asString())
            .isEqualTo("How many retries."),
        () -> assertThat(classSchema.path("additionalProperties").asBoolean(true)).isFalse());
  }

  record Twice(SampleConfig.Limits first, SampleConfig.Limits second) {}

  @Test
  void aNestedTypeUsedTwiceIsWrittenOutAtEachUseWithoutRefs() {
    ObjectNode twice = generator.generate(Twice.class);
    assertAll(
        () -> assertThat(twice.has("definitions")).isFalse(),
        () -> assertThat(twice.toString()).doesNotContain("$ref"),
        () -> assertThat(twice.at("/properties/first/properties/maxPages/default").asInt())
            .isEqualTo(3),
        () -> assertThat(twice.at("/properties/second/additionalProperties").asBoolean(true))
            .isFalse());
  }

  @Test
  void textIsStablePrettyPrintedWithLineFeedsAndAFinalLineFeed() {
    String first = generator.generateText(SampleConfig.class);
    String second = new ConfigSchemaGenerator().generateText(SampleConfig.class);
    assertAll(
        () -> assertThat(first).isEqualTo(second),
        () -> assertThat(first).startsWith("{\n  \"$schema\" : "),
        () -> assertThat(first).endsWith("}\n"),
        () -> assertThat(first).doesNotContain("\r"));
  }

  record DefaultOutsideAllowed(@Default("15") @AllowedValues({"10", "20"}) int count) {}

  record SecretWithDefault(@Secret @Default("s3cr3t") String apiKey) {}

  record NotJsonDefault(@Default("ten") int count) {}

  @Test
  void contradictoryAnnotationsAreRefusedNamingTheField() {
    assertAll(
        () -> assertThatThrownBy(() -> generator.generate(DefaultOutsideAllowed.class))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("DefaultOutsideAllowed.count")
            .hasMessageContaining("not one of its @AllowedValues"),
        () -> assertThatThrownBy(() -> generator.generate(SecretWithDefault.class))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("SecretWithDefault.apiKey")
            .hasMessageNotContaining("s3cr3t"),
        () -> assertThatThrownBy(() -> generator.generate(NotJsonDefault.class))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("NotJsonDefault.count")
            .hasMessageContaining("not valid JSON"));
  }

  // everit reads the generated schema and enforces it

  private Schema everit() {
    return SchemaLoader.builder()
        .schemaJson(new JSONObject(schema.toString()))
        .draftV7Support()
        .build()
        .load()
        .build();
  }

  private List<ValidationException> violations(String json) {
    try {
      everit().validate(new JSONObject(json));
      return List.of();
    } catch (ValidationException e) {
      List<ValidationException> leaves = new ArrayList<>();
      flatten(e, leaves);
      return leaves;
    }
  }

  private static void flatten(ValidationException e, List<ValidationException> into) {
    if (e.getCausingExceptions().isEmpty()) {
      into.add(e);
    } else {
      e.getCausingExceptions().forEach(cause -> flatten(cause, into));
    }
  }

  @Test
  void everitAcceptsAValidConfig() {
    assertThat(violations("{\"owner\": \"me\", \"count\": 20, \"baseURL\": \"https://x.test\"}"))
        .isEmpty();
  }

  @Test
  void everitRejectsAWrongTypeAtItsPointer() {
    List<ValidationException> found = violations("{\"owner\": \"me\", \"verbose\": \"yes\"}");
    assertThat(found).extracting(ValidationException::getPointerToViolation)
        .containsExactly("#/verbose");
    assertThat(found.get(0).getKeyword()).isEqualTo("type");
  }

  @Test
  void everitRejectsAnUnknownFieldNamingIt() {
    List<ValidationException> found = violations("{\"owner\": \"me\", \"foo\": 1}");
    assertThat(found).hasSize(1);
    assertThat(found.get(0).getKeyword()).isEqualTo("additionalProperties");
    assertThat(found.get(0).getPointerToViolation()).isEqualTo("#");
    assertThat(found.get(0).getMessage()).contains("foo");
  }

  @Test
  void everitRejectsAnOutOfSetValueAtItsPointer() {
    List<ValidationException> found = violations("{\"owner\": \"me\", \"count\": 15}");
    assertThat(found).extracting(ValidationException::getPointerToViolation)
        .containsExactly("#/count");
    assertThat(found.get(0).getKeyword()).isEqualTo("enum");
  }

  @Test
  void everitReportsEveryViolationAtOnce() {
    List<ValidationException> found =
        violations(
            "{\"count\": 15, \"baseURL\": \"not a uri\", \"apiKeyEnv\": \"1bad\","
                + " \"limits\": {\"maxPages\": \"x\"}}");
    assertThat(found)
        .extracting(ValidationException::getPointerToViolation)
        .containsExactlyInAnyOrder(
            "#", "#/count", "#/baseURL", "#/apiKeyEnv", "#/limits/maxPages");
  }
}
