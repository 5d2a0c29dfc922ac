package dev.dsh.host.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.Config;
import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.Default;
import dev.dsh.api.config.Format;
import dev.dsh.api.config.Required;
import dev.dsh.api.config.Secret;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;

class SchemaConfigValidatorTest {

  private static final String ROW = "web-search-yuanbao";
  private static final String CANARY = "sk-CANARY-7f3a9c";

  private final SchemaConfigValidator validator = new SchemaConfigValidator();

  private static Map<String, Object> map(Object... keysAndValues) {
    Map<String, Object> map = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      map.put((String) keysAndValues[i], keysAndValues[i + 1]);
    }
    return map;
  }

  private static ConfigException failure(ThrowingCallable call) {
    try {
      call.call();
    } catch (ConfigException e) {
      return e;
    } catch (Throwable t) {
      throw new AssertionError("expected a ConfigException", t);
    }
    throw new AssertionError("expected a ConfigException, nothing was thrown");
  }

  private ConfigException invalid(Class<?> type, Map<String, ?> raw) {
    return failure(() -> validator.validate(ROW, type, raw));
  }

  @Test
  void everyViolationIsListedAtOnceInDeclarationOrderWithItsPointer() {
    ConfigException e =
        invalid(
            SearchConfig.class,
            map("foo", true, "count", 15, "baseURL", "::not a uri", "apiKeyEnv", "1bad"));

    assertThat(e.getMessage()).startsWith("invalid config for " + ROW + ":");
    assertThat(e.violations())
        .containsExactly(
            new ConfigViolation(
                "/apiKeyEnv",
                "must be a credential name: letters, digits and '_', not starting with a digit"),
            new ConfigViolation("/baseURL", "must be a URI"),
            new ConfigViolation("/count", "must be one of 10, 20, 30, 40, 50 (got 15)"),
            new ConfigViolation(
                "/foo", "unknown key \"foo\" (allowed: apiKey, apiKeyEnv, baseURL, count)"));
    assertThat(e.getMessage())
        .isEqualTo(
            "invalid config for web-search-yuanbao:\n"
                + "  /apiKeyEnv: must be a credential name: letters, digits and '_', not starting"
                + " with a digit\n"
                + "  /baseURL: must be a URI\n"
                + "  /count: must be one of 10, 20, 30, 40, 50 (got 15)\n"
                + "  /foo: unknown key \"foo\" (allowed: apiKey, apiKeyEnv, baseURL, count)");
  }

  @Test
  void anApiKeyAnHttpHeaderCannotCarryIsRefusedAtItsPointerByTheStoresRuleWithoutTheKey() {
    Map<String, String> refused = new LinkedHashMap<>();
    refused.put(CANARY + "\n", "it holds a line break (character 17)");
    refused.put(CANARY + "\nX-Injected: 1", "it holds a line break (character 17)");
    refused.put("\u0000" + CANARY, "it holds a control character (character 1)");
    refused.put(CANARY + "\u001b[2J", "it holds a control character (character 17)");
    refused.put(" " + CANARY, "it holds a space (character 1)");
    refused.put(CANARY + "é", "it holds a non-ASCII character (character 17)");

    refused.forEach((key, why) -> {
      ConfigException e = invalid(SearchConfig.class, map("apiKey", key));

      assertThat(e.violations()).as(why).containsExactly(new ConfigViolation("/apiKey", why
          + "; a credential is sent in an HTTP header, which carries visible ASCII characters"
          + " only (no spaces, tabs, line breaks or non-ASCII characters)"));
      assertThat(e.getMessage()).as(why).startsWith("invalid config for " + ROW + ":\n  /apiKey: ")
          .doesNotContain(CANARY);
    });
    // Blank is no key (the reference applies), as the provider reads it.
    for (String key : List.of(CANARY, "", "  \t ")) {
      assertThat(validator.validate(ROW, SearchConfig.class, map("apiKey", key)).raw())
          .containsEntry("apiKey", key);
    }
  }

  @Test
  void absentKeysTakeTheSchemaDefaultsAfterTheUsersOwnKeys() {
    Config config = validator.validate(ROW, SearchConfig.class, map("apiKey", "k"));

    assertThat(config.raw())
        .containsExactly(
            Map.entry("apiKey", "k"),
            Map.entry("apiKeyEnv", "TENCENTCLOUD_WSA_APIKEY"),
            Map.entry("baseURL", "https://api.wsa.cloud.tencent.com"),
            Map.entry("count", 10));
  }

  @Test
  void anEmptyConfigIsCompletedFromDefaultsAndLeavesFieldsWithoutOneAbsent() {
    Config config = validator.validate(ROW, SearchConfig.class, Map.of());

    assertThat(config.raw()).doesNotContainKey("apiKey").containsEntry("count", 10);
    assertThat(config.bind(SearchConfig.class).count()).isEqualTo(10);
  }

  @Test
  void anUnknownKeyIsReportedAtItsOwnPointer() {
    assertThat(invalid(SearchConfig.class, map("count", 20, "foo", 1)).violations())
        .containsExactly(
            new ConfigViolation(
                "/foo", "unknown key \"foo\" (allowed: apiKey, apiKeyEnv, baseURL, count)"));
  }

  @Test
  void aWrongTypeIsReportedOnceEvenWhereTheValueIsAlsoOutOfSet() {
    assertThat(invalid(SearchConfig.class, map("count", "10")).violations())
        .containsExactly(new ConfigViolation("/count", "expected an integer, got a string"));
  }

  @Test
  void aNullValueIsKeptAndReportedAsAWrongType() {
    assertThat(invalid(SearchConfig.class, map("apiKeyEnv", null)).violations())
        .containsExactly(new ConfigViolation("/apiKeyEnv", "expected a string, got null"));
  }

  @Test
  void aFractionIsNotAnInteger() {
    assertThat(invalid(SearchConfig.class, map("count", 10.5)).violations())
        .containsExactly(new ConfigViolation("/count", "expected an integer, got a number"));
  }

  record Owned(@Required String owner, Limits limits) {
    record Limits(@Default("3") int maxPages, @AllowedValues({"a", "b"}) String mode) {}
  }

  @Test
  void aMissingRequiredKeyIsReportedWhereItBelongs() {
    assertThat(invalid(Owned.class, map()).violations())
        .containsExactly(new ConfigViolation("/owner", "is required"));
  }

  @Test
  void nestedObjectsGetTheirDefaultsAndNestedPointers() {
    Config ok = validator.validate(ROW, Owned.class, map("owner", "me", "limits", map()));
    assertThat(ok.bind(Owned.class).limits().maxPages()).isEqualTo(3);

    ConfigException e =
        invalid(Owned.class, map("owner", "me", "limits", map("mode", "c", "extra", 1)));
    assertThat(e.violations())
        .containsExactly(
            new ConfigViolation("/limits/mode", "must be one of \"a\", \"b\" (got \"c\")"),
            new ConfigViolation(
                "/limits/extra", "unknown key \"extra\" (allowed: maxPages, mode)"));
  }

  record Twice(
      @dev.dsh.api.config.Description("First.") Owned.Limits first,
      @dev.dsh.api.config.Description("Second.") Owned.Limits second) {}

  @Test
  void aTypeUsedTwiceIsSharedThroughARefAndStillNavigated() {
    Config ok = validator.validate(ROW, Twice.class, map("first", map(), "second", map()));
    assertThat(ok.raw()).isEqualTo(map("first", map("maxPages", 3), "second", map("maxPages", 3)));

    assertThat(invalid(Twice.class, map("second", map("mode", "c", "extra", 1))).violations())
        .containsExactly(
            new ConfigViolation("/second/mode", "must be one of \"a\", \"b\" (got \"c\")"),
            new ConfigViolation(
                "/second/extra", "unknown key \"extra\" (allowed: maxPages, mode)"));
  }

  @Test
  void anUnknownKeyWithASlashIsEscapedInItsPointer() {
    assertThat(invalid(SearchConfig.class, map("a/b~c", 1)).violations())
        .extracting(ConfigViolation::pointer)
        .containsExactly("/a~1b~0c");
  }

  record WithMap(Map<String, Integer> weights) {}

  @Test
  void aMapFieldTakesAnyKeyAndPointsIntoItWithEscapedKeys() {
    Config ok = validator.validate(ROW, WithMap.class, map("weights", map("a", 1, "b", 2)));
    assertThat(ok.bind(WithMap.class).weights()).containsEntry("a", 1).containsEntry("b", 2);

    assertThat(invalid(WithMap.class, map("weights", map("x/y~z", "heavy"))).violations())
        .containsExactly(
            new ConfigViolation("/weights/x~1y~0z", "expected an integer, got a string"));
  }

  @Test
  void aNullConfigTypeAcceptsTheConfigAsIs() {
    Map<String, Object> raw = map("anything", Arrays.asList(1, null, map("x", null)), "n", null);

    Config config = validator.validate(ROW, null, raw);

    assertThat(config.raw()).isEqualTo(raw);
  }

  @Test
  void bindingARecordGivesTheValidatedValues() {
    Config config =
        validator.validate(
            ROW, SearchConfig.class, map("apiKey", "k", "baseURL", "http://127.0.0.1:8080", "count", 20));

    assertThat(config.bind(SearchConfig.class))
        .isEqualTo(new SearchConfig("k", "TENCENTCLOUD_WSA_APIKEY", "http://127.0.0.1:8080", 20));
  }

  static class ClassStyle {
    @Default("2")
    private int retries;

    private String zone = "";

    public int getRetries() {
      return retries;
    }

    public String getZone() {
      return zone;
    }
  }

  @Test
  void bindingAPlainClassFillsItsFields() {
    ClassStyle bound =
        validator.validate(ROW, ClassStyle.class, map("zone", "eu")).bind(ClassStyle.class);

    assertThat(bound.getZone()).isEqualTo("eu");
    assertThat(bound.getRetries()).isEqualTo(2);
  }

  @Test
  void bindingAnotherTypeValidatesAgainstThatTypesSchema() {
    Config unchecked = validator.validate(ROW, null, map("count", 15));
    assertThat(failure(() -> unchecked.bind(SearchConfig.class)).violations())
        .containsExactly(new ConfigViolation("/count", "must be one of 10, 20, 30, 40, 50 (got 15)"));

    Config search = validator.validate(ROW, SearchConfig.class, map("apiKey", "k"));
    ConfigException e = failure(() -> search.bind(Owned.class));
    assertThat(e.getMessage()).startsWith("invalid config for " + ROW + ":");
    assertThat(e.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactly("/owner", "/apiKey", "/apiKeyEnv", "/baseURL", "/count");
  }

  @Test
  void rawIsUnmodifiableAllTheWayDown() {
    Config config =
        validator.validate(ROW, null, map("list", Arrays.asList(1, 2), "nested", map("a", 1)));
    Map<String, Object> raw = config.raw();

    assertAll(
        () -> assertThatThrownBy(() -> raw.put("x", 1))
            .isInstanceOf(UnsupportedOperationException.class),
        () -> assertThatThrownBy(() -> raw.remove("list"))
            .isInstanceOf(UnsupportedOperationException.class),
        () -> assertThatThrownBy(() -> ((List<?>) raw.get("list")).clear())
            .isInstanceOf(UnsupportedOperationException.class),
        () -> assertThatThrownBy(() -> ((Map<?, ?>) raw.get("nested")).clear())
            .isInstanceOf(UnsupportedOperationException.class));
  }

  @Test
  void laterChangesToTheCallersMapDoNotReachTheConfig() {
    Map<String, Object> raw = new HashMap<>(map("count", 20));
    Config config = validator.validate(ROW, SearchConfig.class, raw);

    raw.put("count", 15);

    assertThat(config.raw()).containsEntry("count", 20);
  }

  // Secrets: the value of an x-secret field appears in no message and no toString().

  record Guarded(
      @Secret @AllowedValues({"alpha", "beta"}) String token,
      @Secret @Format("uri") String secretUrl,
      @Secret Inner vault) {
    record Inner(@AllowedValues({"x", "y"}) String code) {}
  }

  @Test
  void aSecretValueNeverAppearsInAViolation() {
    ConfigException e =
        invalid(
            Guarded.class,
            map(
                "token", CANARY,
                "secretUrl", "::" + CANARY,
                "vault", map("code", CANARY),
                "unknown", CANARY));

    assertThat(e.violations())
        .extracting(ConfigViolation::pointer)
        .containsExactly("/token", "/secretUrl", "/vault/code", "/unknown");
    assertThat(e.violations())
        .extracting(ConfigViolation::message)
        .contains("must be one of \"alpha\", \"beta\"", "must be a URI");
    assertThat(e.getMessage()).doesNotContain(CANARY);
    assertThat(e.toString()).doesNotContain(CANARY);
    assertThat(e.violations().toString()).doesNotContain(CANARY);
  }

  @Test
  void aSecretOfTheWrongTypeIsDescribedByKindOnly() {
    ConfigException e = invalid(SearchConfig.class, map("apiKey", List.of(CANARY)));

    assertThat(e.violations())
        .containsExactly(new ConfigViolation("/apiKey", "expected a string, got an array"));
    assertThat(e.getMessage()).doesNotContain(CANARY);
  }

  @Test
  void toStringShowsKeysButNoValue() {
    Config config = validator.validate(ROW, SearchConfig.class, map("apiKey", CANARY, "count", 20));

    assertThat(config.toString())
        .isEqualTo("JsonConfig[web-search-yuanbao, keys=[apiKey, count, apiKeyEnv, baseURL]]")
        .doesNotContain(CANARY);
  }
}
