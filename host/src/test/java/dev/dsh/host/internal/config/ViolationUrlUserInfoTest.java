package dev.dsh.host.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.api.config.AllowedValues;
import dev.dsh.api.config.Description;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A violation that quotes a value never shows a URL's user-info. */
class ViolationUrlUserInfoTest {

  record Mirror(
      @Description("Where to mirror.")
          @AllowedValues({"https://a.example", "https://b.example"})
          String mirror) {}

  @Test
  void aQuotedUrlValueHasItsPasswordHidden() {
    assertThatThrownBy(
            () ->
                new SchemaConfigValidator()
                    .validate("row", Mirror.class, Map.of("mirror", "http://user:hunter2@c.example/")))
        .isInstanceOfSatisfying(
            ConfigException.class,
            e -> {
              assertThat(e.violations())
                  .containsExactly(
                      new ConfigViolation(
                          "/mirror",
                          "must be one of \"https://a.example\", \"https://b.example\" (got"
                              + " \"http://<redacted>@c.example/\")"));
              assertThat(e.getMessage()).doesNotContain("hunter2");
            });
  }
}
