package dev.dsh.examples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.testing.ReadmeExamples;
import dev.dsh.host.testing.RealPluginJar;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** docs/embedding.md's "Changing a profile from a program" is {@link ProfileEditsExample}. */
class ProfileEditsExampleTest {

  private static final String CANARY = "sk-canary-5f1c";

  @Test
  void theReadmeQuotesTheExampleWhole() throws Exception {
    assertThat(ReadmeExamples.quoted("ProfileEditsExample"))
        .isEqualTo(ReadmeExamples.source("ProfileEditsExample"));
  }

  @Test
  void theExamplePrintsTheFormAndEachEdit(@TempDir Path home) throws Exception {
    RealPluginJar.install(home, "http://127.0.0.1:9", "apiKey: \"" + CANARY + "\"");
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    ProfileEditsExample.run(home, new PrintStream(bytes, true, StandardCharsets.UTF_8));

    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "env (env, a schema): {}, secrets set []\n"
                + "credentials (credentials, a schema): {}, secrets set []\n"
                + "web (web, a schema): {}, secrets set []\n"
                + "tool-web (tool-web, a schema): {}, secrets set []\n"
                + "web-search-yuanbao (dsh-web-search-yuanbao, a schema):"
                + " {baseURL=http://127.0.0.1:9}, secrets set [/apiKey]\n"
                + "TENCENTCLOUD_WSA_APIKEY for [web-search-yuanbao]\n"
                + "saved web-search-yuanbao in profiles/default/console.patch.yml\n"
                + "TENCENTCLOUD_WSA_APIKEY configured: true\n"
                + "unlisted: true\n");
    Path profile = home.resolve("profiles/default");
    assertThat(Files.readString(profile.resolve("console.patch.yml")))
        .contains("count: 20")
        .doesNotContain(CANARY); // the stored key kept where it was
    assertThat(Files.readString(profile.resolve("cordis.patch.yml"))).contains(CANARY);
    assertThat(Files.readString(profile.resolve("profile.yml"))).contains("bundles: []\n");
  }
}
