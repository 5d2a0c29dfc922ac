package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.HostInspection.FormCredential;
import dev.dsh.host.HostInspection.FormRow;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.testing.RealPluginJar;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.node.ObjectNode;

/** {@link HostInspection#form}: what a config form needs, never a secret value. */
class ProfileFormTest {

  private static final String KEY = "canary-key-93d2aa";
  private static final String REF = "TENCENTCLOUD_WSA_APIKEY";
  private static final String ROW = RealPluginJar.ROW_ID;

  @TempDir Path home;

  @BeforeEach
  void setUp() {
    RealPluginJar.install(home, "http://127.0.0.1:9/", "apiKey: \"" + KEY + "\", count: 20");
  }

  @Test
  void eachRowComesWithItsSchemaAndItsConfigWithoutTheSecret() {
    List<FormRow> form = Host.inspect(options(Map.of())).formRows();

    FormRow row = row(form, ROW);
    assertAll(
        () -> assertThat(form).extracting(FormRow::id)
            .containsExactly("env", "credentials", "web", "tool-web", ROW),
        () -> assertThat(row.plugin()).isEqualTo(RealPluginJar.PLUGIN_ID),
        () -> assertThat(row.disabled()).isFalse(),
        () -> assertThat(row.origin()).isEqualTo("bundle \"" + RealPluginJar.PLUGIN_ID + "\""),
        () -> assertThat(row.configOrigin())
            .isEqualTo("user layer profiles/default/cordis.patch.yml"),
        () -> assertThat(row.config())
            .isEqualTo(Map.of("baseURL", "http://127.0.0.1:9/", "count", 20)),
        () -> assertThat(row.secretsSet()).containsExactly("/apiKey"),
        () -> assertThat(row.credentialRefs()).containsExactly(REF),
        () -> assertThat(row.schema()).get()
            .satisfies(s -> assertThat(s.at("/properties/maxConcurrentSearches/maximum").asInt())
                .isEqualTo(64))
            .satisfies(s -> assertThat(s.at("/properties/apiKey/x-secret").asBoolean()).isTrue()),
        () -> assertThat(row(form, "credentials").schema()).isPresent(),
        () -> assertThat(form.toString()).doesNotContain(KEY));
  }

  @Test
  void aSchemaChangedByOneCallerIsNotTheNextCallersSchema() {
    FormRow row = row(Host.inspect(options(Map.of())).formRows(), ROW);

    ((ObjectNode) row.schema().orElseThrow()).removeAll();

    assertThat(row.schema().orElseThrow().has("properties")).isTrue();
  }

  @Test
  void eachCredentialTheRowsUseIsMissingOrConfiguredFromWhereNeverWithItsValue() {
    List<FormCredential> missing = Host.inspect(options(Map.of())).formCredentials();
    List<FormCredential> fromEnv = Host.inspect(options(Map.of(REF, KEY))).formCredentials();
    Host.inspect(options(Map.of())).credentials().set(CredentialRef.of(REF), KEY);
    List<FormCredential> fromStore = Host.inspect(options(Map.of())).formCredentials();

    assertAll(
        () -> assertThat(missing).containsExactly(
            new FormCredential(REF, false, Optional.empty(), true, List.of(ROW))),
        () -> assertThat(fromEnv).containsExactly(new FormCredential(
            REF, true, Optional.of(CredentialSource.ENV), true, List.of(ROW))),
        () -> assertThat(fromStore).containsExactly(new FormCredential(
            REF, true, Optional.of(CredentialSource.STORE), true, List.of(ROW))),
        () -> assertThat(fromEnv.toString() + fromStore).doesNotContain(KEY));
  }

  private static FormRow row(List<FormRow> form, String id) {
    return form.stream().filter(r -> r.id().equals(id)).findFirst().orElseThrow();
  }

  private HostOptions options(Map<String, String> env) {
    return new HostOptions(new DshHome(home), "default", Optional.empty(),
        LaunchEnvironment.of(env), line -> {});
  }
}
