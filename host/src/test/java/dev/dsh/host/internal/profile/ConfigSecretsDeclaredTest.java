package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** The secret fields a schema declares, for a form's write-only inputs. */
class ConfigSecretsDeclaredTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void markedAndSecretLookingPropertiesAreFoundNestedOnesTooOthersNot() {
    var schema = JSON.readTree("{\"type\":\"object\",\"properties\":{"
        + "\"apiKey\":{\"type\":\"string\",\"x-secret\":true},"
        + "\"apiKeyEnv\":{\"type\":\"string\"},"
        + "\"hidden\":{\"type\":\"string\",\"x-secret\":true},"
        + "\"count\":{\"type\":\"integer\"},"
        + "\"proxy\":{\"type\":\"object\",\"properties\":{\"password\":{\"type\":\"string\"},"
        + "\"a/b\":{\"type\":\"string\",\"x-secret\":true},\"host\":{\"type\":\"string\"}}}}}");

    assertThat(ConfigSecrets.declaredPointers(schema))
        .containsExactly("/apiKey", "/hidden", "/proxy/a~1b", "/proxy/password");
    assertThat(ConfigSecrets.declaredPointers(null)).isEmpty();
  }
}
