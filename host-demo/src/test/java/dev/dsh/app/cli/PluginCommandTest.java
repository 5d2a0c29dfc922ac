package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.testing.RealPluginJar;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dsh plugin add | remove | enable | disable | list} with the real plugin jar, and a corrupt
 * jar beside the good one.
 */
class PluginCommandTest {

  private static final Map<String, String> ENV = Map.of("TENCENTCLOUD_WSA_APIKEY", "sk-test");

  @TempDir Path work;

  private Path home;
  private SearchProStub stub;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
  }

  @AfterEach
  void tearDown() {
    stub.close();
  }

  @Test
  void addCopiesTheRealJarIntoPluginsAndListsItsBundleInTheProfile() throws IOException {
    CliHarness.Result added = CliHarness.run(home, ENV, "", "plugin", "add", jar().toString());

    Path installed = home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar");
    assertAll(
        () -> assertThat(added.exit()).as(added.err()).isZero(),
        () -> assertThat(added.out())
            .isEqualTo(
                "installed " + RealPluginJar.PLUGIN_ID + "@" + RealPluginJar.version()
                    + " and enabled its bundle in profile default\n"),
        () -> assertThat(installed).hasSameBinaryContentAs(jar()),
        () -> assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
            .contains(RealPluginJar.PLUGIN_ID),
        () -> assertThat(Files.list(home.resolve("plugins")))
            .as("no temporary file is left behind")
            .containsExactly(installed));

    // The bundle is live: with the user layer aiming the row at the stub, a search is served.
    CliHarness.writeUserLayer(home, stub.baseUrl(), "");
    CliHarness.Result searched = CliHarness.run(home, ENV, "", "search", "drones");
    assertThat(searched.exit()).as(searched.err()).isZero();
    assertThat(searched.out()).contains("(https://example.com/a)");
  }

  @Test
  void addingAgainReplacesTheInstalledJarAndListsTheBundleOnce() throws IOException {
    Path newBuild = RealPluginJar.rebuiltTo(work.resolve("new-build.jar"), "second build");
    CliHarness.run(home, ENV, "", "plugin", "add", jar().toString());

    CliHarness.Result again = CliHarness.run(home, ENV, "", "plugin", "add", newBuild.toString());

    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar"))
        .hasSameBinaryContentAs(newBuild);
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
        .containsOnlyOnce(RealPluginJar.PLUGIN_ID);
  }

  @Test
  void addOfAJarAlreadyDroppedIntoPluginsKeepsItAndEnablesItsBundle() throws IOException {
    Path dropped = home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar");
    Files.createDirectories(dropped.getParent());
    Files.copy(jar(), dropped);

    CliHarness.Result added = CliHarness.run(home, ENV, "", "plugin", "add", dropped.toString());

    assertThat(added.exit()).as(added.err()).isZero();
    assertThat(dropped).hasSameBinaryContentAs(jar());
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
        .contains(RealPluginJar.PLUGIN_ID);
  }

  @Test
  void addOfAJarDroppedUnderAnotherNameInstallsItUnderItsId() throws IOException {
    Path dropped = home.resolve("plugins/yuanbao-download.jar");
    Files.createDirectories(dropped.getParent());
    Files.copy(jar(), dropped);

    CliHarness.Result added = CliHarness.run(home, ENV, "", "plugin", "add", dropped.toString());

    assertThat(added.exit()).as(added.err()).isZero();
    try (Stream<Path> files = Files.list(home.resolve("plugins"))) {
      assertThat(files).containsExactly(home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar"));
    }
    assertThat(home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar")).hasSameBinaryContentAs(jar());
  }

  @Test
  void addOfACorruptJarExitsTwoNamingTheFileAndChangesNothing() throws IOException {
    installRealPlugin();
    Path corrupt = Files.write(work.resolve("corrupt.jar"), "this is not a zip".getBytes());

    assertRefusedWithoutChange(corrupt, "not a valid jar");
  }

  @Test
  void addOfATruncatedCopyOfTheRealJarExitsTwoAndChangesNothing() throws IOException {
    installRealPlugin();
    byte[] bytes = Files.readAllBytes(jar());
    Path truncated =
        Files.write(work.resolve("truncated.jar"), Arrays.copyOf(bytes, bytes.length / 2));

    assertRefusedWithoutChange(truncated, "not a valid jar");
  }

  @Test
  void addOfAnOrdinaryLibraryJarExitsTwoAndChangesNothing() throws IOException {
    installRealPlugin();
    Path library = Files.copy(libraryJar(), work.resolve("library.jar"));

    assertRefusedWithoutChange(library, "not a");
  }

  @Test
  void addOfTheRealJarWithoutItsExtensionIndexExitsTwoAndChangesNothing() throws IOException {
    installRealPlugin();
    Path unindexed =
        RealPluginJar.withoutEntryTo(work.resolve("unindexed.jar"), "META-INF/extensions.idx");

    assertRefusedWithoutChange(unindexed, "extensions.idx");
  }

  @Test
  void addOfAJarWhoseIndexNamesNoDshPluginExitsTwoAndChangesNothing() throws IOException {
    installRealPlugin();
    Path wrongEntry =
        RealPluginJar.withEntryTo(
            work.resolve("wrong-entry.jar"),
            "META-INF/extensions.idx",
            "dev.dsh.yuanbao.YuanbaoSearchProvider\n");

    assertRefusedWithoutChange(wrongEntry, "dev.dsh.api.Plugin");
  }

  @Test
  void removeDeletesTheJarAndTheBundle() throws IOException {
    installRealPlugin();

    CliHarness.Result removed =
        CliHarness.run(home, ENV, "", "plugin", "remove", RealPluginJar.PLUGIN_ID);

    assertAll(
        () -> assertThat(removed.exit()).as(removed.err()).isZero(),
        () -> assertThat(removed.out()).isEqualTo("removed " + RealPluginJar.PLUGIN_ID + "\n"),
        () -> assertThat(home.resolve("plugins/" + RealPluginJar.PLUGIN_ID + ".jar")).doesNotExist(),
        () -> assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
            .doesNotContain(RealPluginJar.PLUGIN_ID));
  }

  @Test
  void removeOfAPluginThatIsNotInstalledExitsTwo() {
    CliHarness.Result removed = CliHarness.run(home, ENV, "", "plugin", "remove", "dsh-nothing");

    assertThat(removed.exit()).isEqualTo(2);
    assertThat(removed.err()).contains("no plugin \"dsh-nothing\" is installed");
  }

  @Test
  void profileYmlIsDshsFileWrittenWholeSoACommentWrittenThereIsNotKept() throws IOException {
    Path spec = Files.createDirectories(home.resolve("profiles/default")).resolve("profile.yml");
    Files.writeString(spec, "# my notes\nbundles: []\n");

    installRealPlugin();

    assertThat(Files.readString(spec)).isEqualTo("# Written by dsh (plugin add, remove, enable,"
        + " disable, the console), whole: your own settings go in cordis.patch.yml\nbundles:\n"
        + "  - \"" + RealPluginJar.PLUGIN_ID + "\"\n");
  }

  @Test
  void aJarCopiedByHandIsEnabledByItsIdAndEnableAndDisableSayWhenNothingChanges()
      throws IOException {
    Files.createDirectories(home.resolve("plugins"));
    Files.copy(jar(), home.resolve("plugins/by-hand.jar"));
    String id = RealPluginJar.PLUGIN_ID;

    List<String> said = new ArrayList<>();
    for (String step : List.of("enable", "enable", "disable", "disable", "enable")) {
      CliHarness.Result result = CliHarness.run(home, ENV, "", "plugin", step, id);
      assertThat(result.exit()).as(result.err()).isZero();
      said.add(result.out().strip());
    }

    assertThat(said).containsExactly("enabled " + id + " in profile default",
        id + " is already enabled in profile default", "disabled " + id + " in profile default",
        id + " is already disabled in profile default", "enabled " + id + " in profile default");
    assertThat(CliHarness.run(home, ENV, "", "plugin", "list").out())
        .startsWith(id + "\t" + RealPluginJar.version() + "\tenabled\t" + RealPluginJar.ROW_ID);
  }

  @Test
  void enablingOrDisablingAnIdNoInstalledPluginHasExitsTwoNamingTheInstalledOnes() {
    installRealPlugin();

    for (String step : List.of("enable", "disable")) {
      CliHarness.Result result = CliHarness.run(home, ENV, "", "plugin", step, "dsh-nope");

      assertThat(result.exit()).isEqualTo(2);
      assertThat(result.out()).isEmpty();
      assertThat(result.err()).isEqualTo("dsh: no installed plugin has the id \"dsh-nope\""
          + " (installed: " + RealPluginJar.PLUGIN_ID + "); add its jar with 'dsh plugin add"
          + " <jar>'\n");
    }
  }

  @Test
  void listShowsIdVersionStateAndRows() throws IOException {
    installRealPlugin();
    CliHarness.writeUserLayer(home, stub.baseUrl(), "");
    Files.write(home.resolve("plugins/zz-broken.jar"), "garbage".getBytes());

    CliHarness.Result listed = CliHarness.run(home, ENV, "", "plugin", "list");

    assertThat(listed.exit()).as(listed.err()).isZero();
    assertThat(listed.out().lines())
        .first()
        .isEqualTo(
            RealPluginJar.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tenabled\t"
                + RealPluginJar.ROW_ID);
    assertThat(listed.out().lines()).hasSize(3);
    assertThat(listed.out().lines().skip(1).findFirst().orElseThrow())
        .startsWith("zz-broken.jar\t-\tinvalid\t-\t");
    assertThat(listed.out().lines()).last().isEqualTo("provider\tyuanbao\tready\t-");
  }

  @Test
  void listWithNothingInstalledSaysSoOnStderrAndNamesTheBundledJarToAdd() throws IOException {
    CliHarness.Result listed = CliHarness.run(home, ENV, "", "plugin", "list");
    Files.createDirectories(home.resolve("plugins"));
    Files.write(home.resolve("plugins/broken.jar"), "garbage".getBytes());
    CliHarness.Result onlyBroken = CliHarness.run(home, ENV, "", "plugin", "list");

    String hint = "dsh: no plugin is installed; add one with 'dsh plugin add "
        + CliHarness.pluginJar() + "'\n";
    assertAll(
        () -> assertThat(listed.exit()).isZero(),
        () -> assertThat(listed.out()).as("stdout stays the list, empty").isEmpty(),
        () -> assertThat(listed.err()).isEqualTo(hint),
        () -> assertThat(onlyBroken.out()).startsWith("broken.jar\t-\tinvalid\t-\t"),
        () -> assertThat(onlyBroken.err()).endsWith(hint));
  }

  @Test
  void listWithNothingInstalledOutsideADistributionNamesNoJar() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit = DshMain.run(new Cli.Io(InputStream.nullInputStream(),
        new PrintStream(OutputStream.nullOutputStream()),
        new PrintStream(err, true, StandardCharsets.UTF_8), LaunchEnvironment.of(ENV),
        Optional.empty()), "--home", home.toString(), "plugin", "list");

    assertThat(exit).isZero();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("dsh: no plugin is installed; add one with 'dsh plugin add <jar>'\n");
  }

  @Test
  void listShowsAnInstalledPluginWhoseBundleIsNotEnabled() throws IOException {
    installRealPlugin();
    Files.writeString(home.resolve("profiles/default/profile.yml"), "bundles: []\n");

    CliHarness.Result listed = CliHarness.run(home, ENV, "", "plugin", "list");

    assertThat(listed.out())
        .isEqualTo(RealPluginJar.PLUGIN_ID + "\t" + RealPluginJar.version() + "\tinstalled\t-\n");
  }

  @Test
  void aCorruptJarBesideTheGoodOneIsReportedAndTheGoodOneServes() throws IOException {
    CliHarness.installPlugin(home, stub.baseUrl(), "");
    Files.write(home.resolve("plugins/a-broken.jar"), "this is not a zip".getBytes());

    CliHarness.Result searched = CliHarness.run(home, ENV, "", "search", "drones");

    assertAll(
        () -> assertThat(searched.exit()).as(searched.err()).isZero(),
        () -> assertThat(searched.out()).contains("(https://example.com/a)"),
        () -> assertThat(searched.err())
            .contains("a-broken.jar")
            .contains("not a valid jar"),
        () -> assertThat(stub.requests()).hasSize(1));
  }

  private void assertRefusedWithoutChange(Path refused, String reason) {
    Map<String, String> before = tree(home);

    CliHarness.Result result = CliHarness.run(home, ENV, "", "plugin", "add", refused.toString());

    assertAll(
        () -> assertThat(result.exit()).isEqualTo(2),
        () -> assertThat(result.out()).isEmpty(),
        () -> assertThat(result.err()).contains(refused.toString()).contains(reason),
        () -> assertThat(result.err()).doesNotContain("internal error"),
        () -> assertThat(tree(home)).as("the home folder").isEqualTo(before));
  }

  private void installRealPlugin() {
    CliHarness.Result added = CliHarness.run(home, ENV, "", "plugin", "add", jar().toString());
    assertThat(added.exit()).as(added.err()).isZero();
  }

  private static Path jar() {
    return RealPluginJar.path();
  }

  /** A jar of an ordinary library on the test class path (JSpecify's annotations). */
  private static Path libraryJar() {
    try {
      return Path.of(
          org.jspecify.annotations.NullMarked.class
              .getProtectionDomain()
              .getCodeSource()
              .getLocation()
              .toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every file and folder under {@code root}, relative, with its content hash. */
  private static Map<String, String> tree(Path root) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.toList()) {
        String name = root.relativize(path).toString();
        files.put(name, Files.isDirectory(path) ? "dir" : sha256(Files.readAllBytes(path)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  private static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
