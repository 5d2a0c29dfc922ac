package dev.dsh.host.internal.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.HostVersion;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginState;

class PluginLoaderTest {

  @TempDir Path work;

  private Path home;
  private Path plugins;
  private PluginLoader loader;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    plugins = Files.createDirectories(home.resolve("plugins"));
    loader = new PluginLoader(home);
  }

  @AfterEach
  void tearDown() {
    loader.plugins().forEach(plugin -> loader.unload(plugin.jar().id()));
  }

  @Test
  void loadedPluginIsStartedAndExposesItsEntryFoundThroughTheExtensionIndex() throws IOException {
    Path jar =
        TestPluginJars.plugin(work, "dsh-hello", "hello")
            .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: hello, name: dsh-hello}]\n")
            .resource("META-INF/dsh/config.schema.json", "{\"type\":\"object\",\"properties\":{}}")
            .buildTo(plugins.resolve("hello.jar"));

    LoadedPlugin plugin = loader.load(jar);

    assertAll(
        () -> assertThat(plugin.jar().id()).isEqualTo("dsh-hello"),
        () -> assertThat(plugin.jar().version()).isEqualTo("1.0.0"),
        () -> assertThat(plugin.state()).isEqualTo(PluginState.STARTED),
        () -> assertThat(plugin.jar().file()).isEqualTo(jar),
        () -> assertThat(plugin.entry().name()).isEqualTo("hello"),
        () -> assertThat(plugin.entry().getClass().getClassLoader())
            .isNotSameAs(getClass().getClassLoader()),
        () -> assertThat(plugin.jar().bundle().yaml()).contains("- insert: [{id: hello, name: dsh-hello}]\n"),
        () -> assertThat(plugin.jar().configSchema().orElseThrow().get("type").asString()).isEqualTo("object"),
        () -> assertThat(plugin.cachedCopy().getParent()).isEqualTo(home.resolve(".cache/plugins")),
        () -> assertThat(plugin.cachedCopy().getFileName().toString())
            .endsWith(".jar"),
        () -> assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(
            plugin.cachedCopy()))).isEqualTo("rw-------"),
        () -> assertThat(loader.plugins()).containsExactly(plugin),
        () -> assertThat(plugin.jar().file()).isEqualTo(jar));
  }

  @Test
  void pluginWithoutEmbeddedSchemaOrPatchLoadsWithNeither() throws IOException {
    LoadedPlugin plugin =
        loader.load(TestPluginJars.plugin(work, "dsh-plain", "plain").buildTo(plugins.resolve("p.jar")));

    assertThat(plugin.jar().configSchema()).isEmpty();
    assertThat(plugin.jar().bundle().yaml()).isEmpty();
  }

  @Test
  void unloadReleasesTheClassLoaderTheJarHandleAndTheCachedCopy() throws Exception {
    Path jar = TestPluginJars.plugin(work, "dsh-gone", "gone").buildTo(plugins.resolve("gone.jar"));
    LoadedPlugin plugin = loader.load(jar);
    assertThat(plugin.entry().name()).isEqualTo("gone");
    WeakReference<ClassLoader> classLoader =
        new WeakReference<>(plugin.entry().getClass().getClassLoader());
    Path cached = plugin.cachedCopy();
    assertThat(openFilesPointingAt(cached)).as("the class loader holds the copy open").isNotEmpty();

    assertThat(loader.unload("dsh-gone")).isTrue();

    assertAll(
        () -> assertThat(plugin.state()).isEqualTo(PluginState.UNLOADED),
        () -> assertThatThrownBy(plugin::entry)
            .isInstanceOf(IllegalStateException.class)
            .hasMessage("plugin \"dsh-gone\" is unloaded"),
        () -> assertThat(cached).doesNotExist(),
        () -> assertThat(openFilesPointingAt(cached)).isEmpty(),
        () -> assertThat(loader.plugins()).isEmpty(),
        () -> assertThat(loader.unload("dsh-gone")).isFalse());
    assertThat(collectedWithin(classLoader, Duration.ofSeconds(10)))
        .as("plugin class loader collected after unload")
        .isTrue();
  }

  @Test
  void corruptJarBesideAGoodOneIsReportedAndTheGoodOneLoads() throws IOException {
    Path corrupt = Files.write(plugins.resolve("a-corrupt.jar"), "this is not a zip file".getBytes());
    Path good = TestPluginJars.plugin(work, "dsh-good", "good").buildTo(plugins.resolve("b-good.jar"));

    assertThatThrownBy(() -> loader.load(corrupt))
        .isInstanceOfSatisfying(PluginLoadException.class, e -> assertAll(
            () -> assertThat(e).hasMessageContaining("not a valid jar ("),
            () -> assertThat(e.file()).isEqualTo(corrupt),
            () -> assertThat(e).hasMessageStartingWith(corrupt + ": not a valid jar (")));
    LoadedPlugin loaded = loader.load(good);

    assertAll(
        () -> assertThat(loader.plugins()).extracting(p -> p.jar().id()).containsExactly("dsh-good"),
        () -> assertThat(loaded.entry().name()).isEqualTo("good"),
        () -> assertThat(cachedJars()).hasSize(1));
  }

  @Test
  void truncatedJarIsCorrupt() throws IOException {
    Path good = TestPluginJars.plugin(work, "dsh-cut", "cut").buildTo(work.resolve("whole.jar"));
    byte[] bytes = Files.readAllBytes(good);
    Path cut = Files.write(plugins.resolve("cut.jar"), Arrays.copyOf(bytes, bytes.length / 2));

    assertThatThrownBy(() -> loader.load(cut))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("not a valid jar (");
    assertThat(cachedJars()).isEmpty();
  }

  @Test
  void jarWithoutPluginIdIsNotAPluginAndLeavesNothingLoaded() throws IOException {
    Path jar =
        TestPluginJars.plugin(work, "dsh-anon", "anon")
            .withoutManifest("Plugin-Id")
            .buildTo(plugins.resolve("anon.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("not a dsh plugin")
        .hasMessage(jar + ": not a dsh plugin: its manifest has no Plugin-Id");
    assertThat(loader.plugins()).isEmpty();
    assertThat(cachedJars()).isEmpty();
  }

  @Test
  void jarWithAnInvalidManifestIsNotAPlugin() throws IOException {
    Path jar = plugins.resolve("badmf.jar");
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(jar))) {
      zip.putNextEntry(new ZipEntry("META-INF/MANIFEST.MF"));
      zip.write("Manifest-Version: 1.0\nthis line is no header\n".getBytes(StandardCharsets.UTF_8));
      zip.closeEntry();
    }

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("not a dsh plugin")
        .hasMessageStartingWith(jar + ": not a dsh plugin: its META-INF/MANIFEST.MF is invalid (");
  }

  @Test
  void ordinaryLibraryJarWithoutExtensionIndexIsNotAPlugin() throws IOException {
    Path jar =
        TestPluginJars.bare(work)
            .manifest("Plugin-Id", "lib")
            .manifest("Plugin-Version", "1.0.0")
            .withoutAnnotationProcessor()
            .source("lib.Util", "package lib; public class Util {}")
            .buildTo(plugins.resolve("lib.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageStartingWith(jar + ": not a dsh plugin: it declares no PF4J extension");
  }

  @Test
  void jarWhoseExtensionIsNotADshPluginIsRefusedAndUnloaded() throws IOException {
    Path jar =
        TestPluginJars.bare(work)
            .manifest("Plugin-Id", "dsh-other")
            .manifest("Plugin-Version", "1.0.0")
            .source(
                "other.Thing",
                "package other; @org.pf4j.Extension public class Thing implements org.pf4j.ExtensionPoint {}")
            .buildTo(plugins.resolve("other.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("not a dsh plugin")
        .hasMessageContaining("lists no dev.dsh.api.Plugin")
        .hasMessageEndingWith("listed: [other.Thing])");
    assertThat(loader.plugins()).isEmpty();
    assertThat(cachedJars()).isEmpty();
    // Refusing it must not block a correct plugin with the same id afterwards.
    assertThat(
            loader.load(TestPluginJars.plugin(work, "dsh-other", "fixed").buildTo(plugins.resolve("other.jar")))
                .entry()
                .name())
        .isEqualTo("fixed");
  }

  @Test
  void jarBundlingHostApiClassesIsRefused() throws IOException {
    Path jar =
        TestPluginJars.plugin(work, "dsh-fat", "fat")
            .source("dev.dsh.api.Shadow", "package dev.dsh.api; public class Shadow {}")
            .buildTo(plugins.resolve("fat.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("it bundles ")
        .hasMessageStartingWith(jar + ": it bundles dev/dsh/api/Shadow.class: ");
    assertThat(cachedJars()).isEmpty();
  }

  @Test
  void pluginClassNamedInTheManifestIsStartedAndItsFailureRefusesTheJar() throws IOException {
    Path good =
        TestPluginJars.plugin(work, "dsh-wrapped", "wrapped")
            .manifest("Plugin-Class", "wrapped.Lifecycle")
            .source(
                "wrapped.Lifecycle",
                "package wrapped; public class Lifecycle extends org.pf4j.Plugin {"
                    + " public void start() { System.setProperty(\"dsh.test.started\", \"yes\"); } }")
            .buildTo(plugins.resolve("wrapped.jar"));
    Path bad =
        TestPluginJars.plugin(work, "dsh-crash", "crash")
            .manifest("Plugin-Class", "crash.Lifecycle")
            .source(
                "crash.Lifecycle",
                "package crash; public class Lifecycle extends org.pf4j.Plugin {"
                    + " public void start() { throw new IllegalStateException(\"boom\"); } }")
            .buildTo(plugins.resolve("crash.jar"));

    try {
      assertThat(loader.load(good).state()).isEqualTo(PluginState.STARTED);
      assertThat(System.getProperty("dsh.test.started")).isEqualTo("yes");
    } finally {
      System.clearProperty("dsh.test.started");
    }
    assertThatThrownBy(() -> loader.load(bad))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageStartingWith(bad + ": plugin \"dsh-crash\" did not start (FAILED)")
        .hasMessageContaining("boom");
    assertThat(loader.plugins()).extracting(p -> p.jar().id()).containsExactly("dsh-wrapped");
  }

  @Test
  void entryWhoseConstructorThrowsIsReportedAsFailed() throws IOException {
    Path jar =
        TestPluginJars.bare(work)
            .manifest("Plugin-Id", "dsh-ctor")
            .manifest("Plugin-Version", "1.0.0")
            .source(
                "ctor.Entry",
                "package ctor;\n@org.pf4j.Extension\n"
                    + "public class Entry implements dev.dsh.api.Plugin, org.pf4j.ExtensionPoint {\n"
                    + "  public Entry() { throw new IllegalStateException(\"no entry today\"); }\n"
                    + "  public String name() { return \"ctor\"; }\n"
                    + "  public void apply(dev.dsh.api.Context c, dev.dsh.api.Config k) {}\n}\n")
            .buildTo(plugins.resolve("ctor.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessage(
            jar
                + ": its dev.dsh.api.Plugin extension could not be created:"
                + " IllegalStateException: no entry today");
    assertThat(loader.plugins()).isEmpty();
    assertThat(cachedJars()).isEmpty();
  }

  @Test
  void unsatisfiedPluginRequiresIsRefusedNamingBothVersions() throws IOException {
    Path jar =
        TestPluginJars.plugin(work, "dsh-future", "future")
            .manifest("Plugin-Requires", ">=9.0.0")
            .buildTo(plugins.resolve("future.jar"));

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("requires host version")
        .hasMessage(
            jar
                + ": plugin \"dsh-future\" requires host version >=9.0.0, but this host is "
                + HostVersion.current());
    assertThat(loader.plugins()).isEmpty();
    assertThat(cachedJars()).isEmpty();
  }

  @Test
  void secondPluginWithTheSameIdIsRefusedAndTheFirstKeepsServing() throws IOException {
    LoadedPlugin first =
        loader.load(TestPluginJars.plugin(work, "dsh-twice", "first").buildTo(plugins.resolve("one.jar")));
    Path second = TestPluginJars.plugin(work, "dsh-twice", "second").buildTo(plugins.resolve("two.jar"));

    assertThatThrownBy(() -> loader.load(second))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("is already loaded from")
        .hasMessage(second + ": plugin \"dsh-twice\" is already loaded from " + plugins.resolve("one.jar"));
    assertThat(first.entry().name()).isEqualTo("first");
    assertThat(cachedJars()).containsExactly(first.cachedCopy());
  }

  @Test
  void jarReplacedInPluginsDoesNotAffectTheLoadedCopy() throws IOException {
    Path jar = TestPluginJars.plugin(work, "dsh-swap", "old").buildTo(plugins.resolve("swap.jar"));
    Path newer = TestPluginJars.plugin(work, "dsh-swap", "new").buildTo(work.resolve("new.jar"));
    LoadedPlugin plugin = loader.load(jar);

    // Overwrite in place (same inode), as a careless copy would; Helper is not loaded yet.
    Files.write(jar, Files.readAllBytes(newer), StandardOpenOption.TRUNCATE_EXISTING);

    assertThat(plugin.entry().name()).isEqualTo("old");
    loader.unload("dsh-swap");
    assertThat(loader.load(jar).entry().name()).isEqualTo("new");
  }

  @Test
  void missingFileIsReportedAsNotFound() {
    Path jar = plugins.resolve("absent.jar");

    assertThatThrownBy(() -> loader.load(jar))
        .isInstanceOf(PluginLoadException.class)
        .hasMessageContaining("no such file")
        .hasMessage(jar + ": no such file");
  }

  @Test
  void loadedBundlesFeedProfileComposition() throws IOException {
    loader.load(
        TestPluginJars.plugin(work, "dsh-bundle", "b")
            .resource("META-INF/dsh/cordis.patch.yml", "- insert: [{id: bundled, name: dsh-bundle}]\n")
            .buildTo(plugins.resolve("bundle.jar")));
    Path profileDir = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profileDir.resolve("profile.yml"), "bundles: [dsh-bundle]\n");

    ComposedProfile profile = new ProfileComposer(new DshHome(home), loader.bundles()).compose("default", Optional.empty(), List.of());

    assertThat(profile.row("bundled")).contains(new ProfileRow("bundled", "dsh-bundle", java.util.Map.of(), false));
  }

  @Test
  void aNewLoaderDeletesTheCopiesOfProcessesThatEndedAndKeepsTheLiveOnes() throws IOException {
    Path cache = Files.createDirectories(home.resolve(".cache/plugins"));
    long ended = ProcessHandle.allProcesses().mapToLong(ProcessHandle::pid).max().orElse(1) + 1000;
    Path left = Files.writeString(cache.resolve("copy-" + ended + "-1.jar"), "left");
    Path live = Files.writeString(
        cache.resolve("copy-" + ProcessHandle.current().pid() + "-1.jar"), "live");
    Path other = Files.writeString(cache.resolve("notes.txt"), "not a copy");

    new PluginLoader(home);

    assertThat(cachedJars()).containsExactlyInAnyOrder(live, other).doesNotContain(left);
  }

  private List<Path> cachedJars() throws IOException {
    Path cache = home.resolve(".cache/plugins");
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cache)) {
      return files.toList();
    }
  }

  /** The open file descriptors of this JVM that point at {@code file} (Linux only). */
  private static List<Path> openFilesPointingAt(Path file) throws IOException {
    Path fds = Path.of("/proc/self/fd");
    assumeTrue(Files.isDirectory(fds), "needs /proc/self/fd");
    List<Path> open = new ArrayList<>();
    try (Stream<Path> links = Files.list(fds)) {
      for (Path link : links.toList()) {
        try {
          Path target = Files.readSymbolicLink(link);
          if (target.toString().startsWith(file.toAbsolutePath().toString())) {
            open.add(target);
          }
        } catch (IOException | UnsupportedOperationException e) {
          // the descriptor closed while listing
        }
      }
    }
    return open;
  }

  static boolean collectedWithin(WeakReference<?> reference, Duration bound) throws InterruptedException {
    long deadline = System.nanoTime() + bound.toNanos();
    while (System.nanoTime() < deadline) {
      System.gc();
      if (reference.get() == null) {
        return true;
      }
      TimeUnit.MILLISECONDS.sleep(50);
    }
    return reference.get() == null;
  }
}
