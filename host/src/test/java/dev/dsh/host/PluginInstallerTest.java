package dev.dsh.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.UnwritableFolder;
import dev.dsh.host.testing.ZipBombJar;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The one installer behind {@code dsh plugin add | remove} and the demo profile. */
class PluginInstallerTest {

  private static final String ID = RealPluginJar.PLUGIN_ID;
  private static final String HEADER = "# Written by dsh (plugin add, remove, enable, disable,"
      + " the console), whole: your own settings go in cordis.patch.yml\n";
  private static final String ENABLED = HEADER + "bundles:\n  - \"" + ID + "\"\n";

  @TempDir Path work;

  private final List<String> events = new ArrayList<>();

  @Test
  void addInstallsTheJarOwnerOnlyListsItsBundleAndLeavesNoCopyInTheCache()
      throws IOException {
    Path home = work.resolve("home");

    PluginInstaller.Installed installed = PluginInstaller.add(options(home), RealPluginJar.path());

    assertThat(installed)
        .isEqualTo(new PluginInstaller.Installed(ID, RealPluginJar.version(), "default"));
    assertThat(files(home.resolve("plugins"))).containsExactly(ID + ".jar");
    Path jar = home.resolve("plugins/" + ID + ".jar");
    assertThat(jar).hasSameBinaryContentAs(RealPluginJar.path());
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(jar))).isEqualTo("rw-------");
    assertThat(home.resolve("profiles/default/profile.yml")).hasContent(ENABLED.strip());
    assertThat(home.resolve(".cache")).as("the trial load ran in a scratch folder").doesNotExist();
    assertThat(events).isEmpty();
  }

  @Test
  void addingANewBuildReplacesTheJarAndEveryOtherJarOfTheSameIdAndListsTheBundleOnce()
      throws IOException {
    Path home = work.resolve("home");
    PluginInstaller.add(options(home), RealPluginJar.path());
    Files.copy(RealPluginJar.path(), home.resolve("plugins/yuanbao-download.jar"));
    Path newBuild = RealPluginJar.rebuiltTo(work.resolve("new-build.jar"), "second build");

    PluginInstaller.add(options(home), newBuild);

    assertThat(files(home.resolve("plugins"))).containsExactly(ID + ".jar");
    assertThat(home.resolve("plugins/" + ID + ".jar")).hasSameBinaryContentAs(newBuild);
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml"))).isEqualTo(ENABLED);
  }

  @Test
  void removeKeepsTheUsersEntryForTheRowAndAddingBackAppliesItAgain() throws IOException {
    Path home = work.resolve("home");
    PluginInstaller.add(options(home), RealPluginJar.path());
    String userLayer = "# mine\n- id: " + RealPluginJar.ROW_ID + "\n  config: {count: 20}\n";
    Path patch = Files.writeString(home.resolve("profiles/default/cordis.patch.yml"), userLayer);

    Optional<PluginInstaller.Removed> removed = PluginInstaller.remove(options(home), ID);

    assertThat(removed).contains(new PluginInstaller.Removed(ID, List.of("user layer"
        + " profiles/default/cordis.patch.yml: entry 1 overrides row \"" + RealPluginJar.ROW_ID
        + "\" of the removed plugin " + ID + ": the entry is kept and skipped, and applies again"
        + " once the plugin is added back (delete it if it is no longer wanted)"), Optional.empty()));
    assertThat(files(home.resolve("plugins"))).isEmpty();
    assertThat(patch).hasContent(userLayer.strip());
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml"))).isEqualTo(HEADER + "bundles: []\n"
        + "# rows of removed plugins: your entries for them are kept and skipped until the plugin"
        + " is added again\nremovedRows:\n"
        + "  \"" + RealPluginJar.ROW_ID + "\": \"" + ID + "\"\n");

    PluginInstaller.add(options(home), RealPluginJar.path());

    assertThat(Files.readString(home.resolve("profiles/default/profile.yml"))).isEqualTo(ENABLED);
  }

  @Test
  void removeOfAPluginNeitherInstalledNorListedChangesNothing() throws IOException {
    Path home = Files.createDirectories(work.resolve("home"));

    assertThat(PluginInstaller.remove(options(home), "dsh-nothing")).isEmpty();
    assertThat(tree(home)).isEmpty();
  }

  @Test
  void aZipBombIsRefusedWithItsOneLineAndChangesNothing() throws IOException {
    Path home = work.resolve("home");
    PluginInstaller.add(options(home), RealPluginJar.path());
    Map<String, String> before = tree(home);
    Path bomb = ZipBombJar.write(work.resolve("huge.jar"), "adv-huge", 3072, 3072L << 20);

    assertThatThrownBy(() -> PluginInstaller.add(options(home), bomb))
        .isInstanceOf(PluginLoadException.class)
        .hasMessage(bomb + ": refused: it unpacks to more than the 256 MiB limit for a plugin jar"
            + " (data.bin alone declares 3072 MiB)");
    assertThat(tree(home)).isEqualTo(before);
  }

  @Test
  void aJarOnlyTheTrialLoadRefusesIsRefusedWithItsMessageAndChangesNothing() throws IOException {
    Path home = work.resolve("home");
    PluginInstaller.add(options(home), RealPluginJar.path());
    Map<String, String> before = tree(home);
    Path wrongEntry = RealPluginJar.withEntryTo(work.resolve("wrong-entry.jar"),
        "META-INF/extensions.idx", "dev.dsh.yuanbao.YuanbaoSearchProvider\n");

    assertThatThrownBy(() -> PluginInstaller.add(options(home), wrongEntry))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageStartingWith(wrongEntry + ": not a dsh plugin: its extension index lists no"
            + " dev.dsh.api.Plugin");
    assertThat(tree(home)).isEqualTo(before);
  }

  @Test
  void aHomeThatCannotBeWrittenIsOneMessageNamingTheFolderAndTheFix() throws IOException {
    Path home = Files.createDirectories(work.resolve("home"));
    Files.createDirectories(home.resolve("plugins"));

    try (UnwritableFolder locked = UnwritableFolder.make(home, home.resolve("plugins"))) {
      assertThatThrownBy(() -> PluginInstaller.add(options(home), RealPluginJar.path()))
          .isInstanceOf(FileAccessException.class)
          .message().matches(Pattern.quote("could not install " + RealPluginJar.path() + ": "
              + home.resolve("plugins") + " is not writable (") + "[^)\n]+"
              + Pattern.quote("); make it writable, or use another home folder with --home DIR"));
    }
    assertThat(tree(home)).containsOnlyKeys("plugins");
  }

  @Test
  void ensureInstallsTheJarOnlyWhenThePluginIsMissingAndWritesTheProfileOnlyWhenItChanges()
      throws IOException {
    Path home = work.resolve("home");
    HostOptions demo = options(home, "demo");

    assertThat(PluginInstaller.ensure(demo, ID, RealPluginJar::path))
        .isEqualTo(new PluginInstaller.Installed(ID, RealPluginJar.version(), "demo"));
    Path spec = home.resolve("profiles/demo/profile.yml");
    assertThat(spec).hasContent(ENABLED.strip());
    Files.writeString(spec, "bundles: [" + ID + "]  # by hand\n");

    PluginInstaller.ensure(demo, ID, () -> {
      throw new AssertionError("the jar is asked for although the plugin is installed");
    });

    assertThat(spec).hasContent("bundles: [" + ID + "]  # by hand");
    Files.delete(spec);
    PluginInstaller.ensure(demo, ID, () -> {
      throw new AssertionError("the jar is asked for although the plugin is installed");
    });
    assertThat(spec).hasContent(ENABLED.strip());
  }

  @Test
  void ensureRefusesAJarOfAnotherPlugin() {
    Path home = work.resolve("home");

    assertThatThrownBy(() -> PluginInstaller.ensure(options(home), "dsh-other", RealPluginJar::path))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(RealPluginJar.path() + " holds the plugin \"" + ID + "\", not \"dsh-other\"");
    assertThat(home).doesNotExist();
  }

  private HostOptions options(Path home) {
    return options(home, "default");
  }

  private HostOptions options(Path home, String profile) {
    return new HostOptions(new DshHome(home), profile, Optional.empty(),
        LaunchEnvironment.of(Map.of()), events::add);
  }

  private static List<String> files(Path dir) throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(file -> file.getFileName().toString()).sorted().toList();
    }
  }

  /** Every file and folder under {@code root}, relative, with its content. */
  private static Map<String, String> tree(Path root) {
    Map<String, String> files = new TreeMap<>();
    try (Stream<Path> walk = Files.walk(root)) {
      for (Path path : walk.skip(1).toList()) {
        files.put(root.relativize(path).toString(),
            Files.isDirectory(path) ? "dir" : Arrays.toString(Files.readAllBytes(path)));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }
}
