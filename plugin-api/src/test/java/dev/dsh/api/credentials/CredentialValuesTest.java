package dev.dsh.api.credentials;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CredentialValuesTest {

  private static final String CANARY = "sk-canary-7d41e0b9";

  @Test
  void visibleAsciiIsSendable() {
    assertThat(CredentialValues.problem(CANARY)).isEmpty();
    assertThat(CredentialValues.problem("!~AZaz09+/=_-.")).isEmpty();
  }

  @Test
  void eachKindOfOffendingCharacterIsNamedWithItsPositionAndNeverTheValue() {
    assertThat(CredentialValues.problem("café-" + CANARY)).contains("it holds a non-ASCII character (character 4)");
    assertThat(CredentialValues.problem(CANARY + " x")).contains("it holds a space (character 19)");
    assertThat(CredentialValues.problem(CANARY + "\tx")).contains("it holds a tab (character 19)");
    assertThat(CredentialValues.problem(CANARY + "\r\n")).contains("it holds a line break (character 19)");
    assertThat(CredentialValues.problem("\u0000" + CANARY)).contains("it holds a control character (character 1)");
    assertThat(CredentialValues.problem("x\u007f")).contains("it holds a control character (character 2)");
    // Positions count code points, as a person would count characters.
    assertThat(CredentialValues.problem("😀😀 ")).contains("it holds a non-ASCII character (character 1)");
    assertThat(CredentialValues.problem("ab😀")).contains("it holds a non-ASCII character (character 3)");
    assertThat(CredentialValues.problem("")).contains("it is empty");
  }

  @Test
  void aConfigFieldTakesABlankValueAsNoKeyAndAnyOtherByTheSameRule() {
    assertThat(CredentialValues.fieldProblem("")).isEmpty();
    assertThat(CredentialValues.fieldProblem(" \t ")).isEmpty();
    assertThat(CredentialValues.fieldProblem(CANARY)).isEmpty();
    assertThat(CredentialValues.fieldProblem(CANARY + "\n"))
        .isEqualTo(CredentialValues.problem(CANARY + "\n"))
        .contains("it holds a line break (character 19)");
    assertThat(CredentialValues.fieldProblem(CANARY + "\u001b[2J"))
        .contains("it holds a control character (character 19)");
  }

  @Test
  void theExplanationStatesTheRule() {
    assertThat(CredentialValues.explain("it holds a space (character 3)"))
        .isEqualTo(
            "it holds a space (character 3); a credential is sent in an HTTP header, which carries"
                + " visible ASCII characters only (no spaces, tabs, line breaks or non-ASCII"
                + " characters)");
    assertThat(CredentialValues.explain(CredentialValues.problem("").orElseThrow()))
        .isEqualTo("it is empty; give the key itself, or unset the credential to remove it")
        .doesNotContain("HTTP");
  }
}
