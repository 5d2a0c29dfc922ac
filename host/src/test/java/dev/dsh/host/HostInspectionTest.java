package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.plugins.TestPluginJars;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link Host#inspect}: the profile and the installed jars read, nothing applied or loaded. */
class HostInspectionTest {

  private static final String CANARY = "canary-pin-7f3a91";
  private static final String SCHEMA =
      "{\"type\":\"object\",\"properties\":{"
          + "\"pin\":{\"type\":\"string\",\"x-secret\":true},"
          + "\"keyRef\":{\"type\":\"string\",\"x-credential-reference\":true,"
          + "\"default\":\"ZED_API_KEY\"}}}";

  @TempDir Path work;

  private Path home;
  private Path plugins;
  private Path profile;
  private Path zed;
  private final List<String> events = new CopyOnWriteArrayList<>();

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    plugins = Files.createDirectories(home.resolve("plugins"));
    profile = Files.createDirectories(home.resolve("profiles/default"));
    // The entry's name() would throw if anything instantiated it: inspection never does.
    zed = TestPluginJars.plugin(work, "dsh-zed", "zed")
        .source("test.dshzed.Entry", "package test.dshzed;\n"
            + "@org.pf4j.Extension\n"
            + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
            + "  static { if (true) throw new IllegalStateException(\"loaded\"); }\n"
            + "  public String name() { return \"zed\"; }\n"
            + "  public void apply(dev.dsh.api.Context ctx, dev.dsh.api.Config config) {}\n"
            + "}\n")
        .resource("META-INF/dsh/cordis.patch.yml",
            "- insert: [{id: zed-a, name: dsh-zed}, {id: zed-b, name: dsh-zed}]\n")
        .resource("META-INF/dsh/config.schema.json", SCHEMA)
        .buildTo(plugins.resolve("b-zed.jar"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-zed]\n");
  }

  @Test
  void readsTheJarsAndTheComposedProfileWithoutLoadingAPlugin() throws IOException {
    Files.writeString(profile.resolve("cordis.patch.yml"),
        "- {id: zed-b, config: {keyRef: ZED_OTHER_KEY}}\n- {id: zed-a, disabled: true}\n");

    HostInspection inspection = Host.inspect(options());

    assertAll(
        () -> assertThat(inspection.jars()).containsExactly(
            new HostInspection.PluginJar(zed, "dsh-zed", "1.0.0", true, List.of("zed-b"))),
        () -> assertThat(inspection.refusedJars()).isEmpty(),
        () -> assertThat(inspection.enabledRows())
            .containsExactly("env", "credentials", "web", "tool-web", "zed-b"),
        () -> assertThat(inspection.credentialRefs()).containsExactly("ZED_OTHER_KEY"),
        () -> assertThat(inspection.notes()).isEmpty(),
        () -> assertThat(home.resolve(".cache")).doesNotExist(),
        () -> assertThat(events).isEmpty());
  }

  @Test
  void anInstalledJarWhoseBundleIsNotListedIsShownNotEnabled() throws IOException {
    Files.writeString(profile.resolve("profile.yml"), "bundles: []\n");

    HostInspection inspection = Host.inspect(options());

    assertThat(inspection.jars()).containsExactly(
        new HostInspection.PluginJar(zed, "dsh-zed", "1.0.0", false, List.of()));
    assertThat(inspection.credentialRefs()).isEmpty();
  }

  @Test
  void theConfigYamlRedactsSecretsAndNamesEachRowsLayers() throws IOException {
    Files.writeString(profile.resolve("cordis.patch.yml"),
        "- {id: zed-a, config: {pin: " + CANARY + "}}\n");

    String yaml = Host.inspect(options()).configYaml();

    assertThat(yaml)
        .startsWith("profile: default\nrows:\n- id: env\n")
        .contains("- id: zed-a\n  name: dsh-zed\n  from: bundle \"dsh-zed\"\n"
            + "  configFrom: user layer profiles/default/cordis.patch.yml\n"
            + "  fieldsFrom:\n    pin: user layer profiles/default/cordis.patch.yml\n"
            + "  disabled: false\n"
            + "  config:\n    pin: <redacted>\n")
        .doesNotContain(CANARY);
    assertThat(events).noneMatch(line -> line.contains(CANARY));
  }

  @Test
  void anInMemoryLayerOfTheOptionsIsComposedLast() {
    HostOptions options =
        options().withLayer(new ProfileLayer("test layer", "- {id: zed-a, disabled: true}\n"));

    assertThat(Host.inspect(options).enabledRows()).doesNotContain("zed-a").contains("zed-b");
  }

  @Test
  void aBrokenUserLayerFailsWhatNeedsTheProfileAndStillListsTheJars() throws IOException {
    Files.writeString(profile.resolve("cordis.patch.yml"), "- {id: zed-a, config: [\n");

    HostInspection inspection = Host.inspect(options());

    assertThat(inspection.jars()).extracting(HostInspection.PluginJar::rows)
        .containsExactly(List.of());
    String message = catchProfileException(inspection::configYaml).getMessage();
    assertThat(message).startsWith("profiles/default/cordis.patch.yml: ");
    assertAll(
        () -> assertThat(catchProfileException(inspection::notes)).hasMessage(message),
        () -> assertThat(catchProfileException(inspection::enabledRows)).hasMessage(message),
        () -> assertThat(catchProfileException(inspection::credentialRefs)).hasMessage(message),
        () -> assertThat(catchProfileException(inspection::credentials)).hasMessage(message));
  }

  @Test
  void aBundleListedButNotInstalledIsTheProfilesFault() throws IOException {
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-zed, dsh-gone]\n");

    assertThatThrownBy(() -> Host.inspect(options()).configYaml())
        .isInstanceOf(ProfileException.class)
        .hasMessage("profiles/default/profile.yml lists bundle \"dsh-gone\", but no installed"
            + " plugin has that id (install it with `dsh plugin add <jar>` or remove it from the"
            + " list)");
  }

  @Test
  void aJarThatDoesNotReadIsReportedNotThrown() throws IOException {
    Path broken = Files.write(plugins.resolve("a-broken.jar"), new byte[] {'P', 'K', 3, 4, 0, 0});
    Path newer = TestPluginJars.plugin(work, "dsh-newer", "n")
        .manifest("Plugin-Requires", ">=99.0.0").buildTo(plugins.resolve("c-newer.jar"));

    HostInspection inspection = Host.inspect(options());

    assertThat(inspection.jars()).extracting(HostInspection.PluginJar::id)
        .containsExactly("dsh-zed");
    assertThat(inspection.refusedJars()).extracting(PluginLoadException::file)
        .containsExactly(broken, newer);
    assertThat(inspection.refusedJars().get(0).getMessage()).startsWith(broken + ": not a valid jar (");
    assertThat(inspection.refusedJars().get(1).getMessage()).startsWith(
        newer + ": plugin \"dsh-newer\" requires host version >=99.0.0, but this host is ");
  }

  @Test
  void theCredentialsServiceIsTheStoreTheRowNames() throws IOException {
    Files.writeString(profile.resolve("cordis.patch.yml"),
        "- {id: credentials, config: {store: keys/mine.json}}\n");
    HostInspection inspection = Host.inspect(options());

    CredentialService service = inspection.credentials();
    service.set(CredentialRef.of("ZED_API_KEY"), CANARY);

    assertThat(home.resolve("keys/mine.json")).exists();
    assertThat(home.resolve(DshHome.CREDENTIAL_STORE)).doesNotExist();
    assertThat(Host.inspect(options()).credentials().list())
        .extracting(CredentialDescription::ref).containsExactly(CredentialRef.of("ZED_API_KEY"));
    assertThat(service.describe(CredentialRef.of("ZED_API_KEY")).toString()).doesNotContain(CANARY);
    assertThat(events).noneMatch(line -> line.contains(CANARY));
  }

  @Test
  void aDisabledCredentialsRowStillGivesTheDefaultStore() throws IOException {
    Files.writeString(profile.resolve("cordis.patch.yml"),
        "- {id: credentials, disabled: true, config: {store: elsewhere.json}}\n");

    Host.inspect(options()).credentials().set(CredentialRef.of("ZED_API_KEY"), CANARY);

    assertThat(home.resolve(DshHome.CREDENTIAL_STORE)).exists();
    assertThat(home.resolve("elsewhere.json")).doesNotExist();
  }

  private static ProfileException catchProfileException(Runnable call) {
    try {
      call.run();
    } catch (ProfileException e) {
      return e;
    }
    throw new AssertionError("no ProfileException");
  }

  private HostOptions options() {
    return new HostOptions(
        new DshHome(home), "default", Optional.empty(), LaunchEnvironment.of(Map.of()), events::add);
  }
}
