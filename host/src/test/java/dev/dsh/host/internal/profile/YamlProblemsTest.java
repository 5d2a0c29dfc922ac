package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.dsh.host.model.ProfileException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@link YamlFiles}: a text that does not read is described in the user's terms, with no Java
 * class, setting or value from the text in the message, whichever layer of the parser refused it.
 */
class YamlProblemsTest {

  private static final String CANARY = "sk-canary-7c1f0e92";

  @Test
  void eachKindOfBrokenTextIsToldWithoutJavaOrTheValue() {
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("k: !!float " + CANARY + "\n",
        "f.yml: line 1, column 30: broken YAML: a value is not the number its tag (!!int, !!float)"
            + " or escape says it is");
    expected.put("k: \"\\UFFFFFFFF\"\n",
        "f.yml: line 1, column 2: broken YAML: a value is not the number its tag (!!int, !!float)"
            + " or escape says it is");
    expected.put("a: 1\n--- " + CANARY + "\n",
        "f.yml: line 2, column 5: broken YAML: a second document follows the first; a file holds"
            + " one YAML document");
    expected.put("[" + "[".repeat(600) + "]".repeat(600) + "]\n",
        "f.yml: broken YAML: Document nesting depth (501) exceeds the maximum allowed (500)");
    expected.put("? [" + CANARY + "]\n: v\n",
        "f.yml: line 1, column 4: broken YAML: a key must be a plain value, not a list or a"
            + " mapping");
    expected.put("k: !!binary " + CANARY + "\n",
        "f.yml: line 1, column 31: broken YAML: a binary (!!binary) value is not allowed; write"
            + " plain data (a string, number, boolean, list or mapping)");
    expected.put("k: " + CANARY + "\u0000\n",
        "f.yml: line 1, column 1: broken YAML: character U+0000 is not allowed in YAML; remove it");
    expected.put("k: " + CANARY + "\uD83D\n",
        "f.yml: line 1, column 1: broken YAML: character U+D83D is not allowed in YAML; remove it");
    expected.put("%YAML 9.9\n---\nk: " + CANARY + "\n",
        "f.yml: line 1, column 1: broken YAML: unsupported %YAML version; write %YAML 1.2 or leave"
            + " the directive out");
    expected.put("a: 1\na: " + CANARY + "\n",
        "f.yml: line 2, column 2: broken YAML: Duplicate Object property \"a\"");

    expected.forEach((text, message) -> {
      ProfileException refused =
          catchThrowableOfType(ProfileException.class, () -> YamlFiles.parse(text, "f.yml"));

      assertThat(refused).as(text).isNotNull();
      assertThat(refused.getMessage()).as(text).isEqualTo(message);
    });
  }
}
