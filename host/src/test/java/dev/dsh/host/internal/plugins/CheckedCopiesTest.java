package dev.dsh.host.internal.plugins;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.testing.DamagedJar;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A jar's CRC and size pass runs once per content: a copy is moved into the cache only once it
 * passed, and a start that finds the copy of the jar's content loads it without the pass.
 */
class CheckedCopiesTest {

  @TempDir Path work;

  private Path home;
  private Path plugins;
  private PluginLoader loader;

  @BeforeEach
  void setUp() throws IOException {
    home = Files.createDirectories(work.resolve("home"));
    plugins = Files.createDirectories(home.resolve("plugins"));
    loader = new PluginLoader(home, Duration.ZERO);
  }

  @AfterEach
  void tearDown() {
    loader.close();
  }

  @Test
  void aLoadedJarLeavesOneCopyNamedByItsIdAndHashWhichTheNextStartLoadsAsItIs() throws IOException {
    Path jar = TestPluginJars.plugin(work, "dsh-good", "good").buildTo(plugins.resolve("good.jar"));
    LoadedPlugin first = loader.load(jar);
    loader.close();

    assertThat(copies()).containsExactly(first.cachedCopy());
    assertThat(first.cachedCopy().getFileName().toString()).startsWith("dsh-good-" + sha256(jar));
    try (PluginLoader next = new PluginLoader(home, Duration.ZERO)) {
      LoadedPlugin again = next.load(jar);
      assertThat(again.cachedCopy()).isEqualTo(first.cachedCopy());
      assertThat(again.sha256()).isEqualTo(sha256(jar));
      assertThat(again.entry().name()).isEqualTo("good");
    }
  }

  @Test
  void aJarFailingTheCheckIsRefusedAndLeavesNoCopy() throws IOException {
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));

    assertThatThrownBy(() -> loader.load(damaged))
        .isInstanceOfSatisfying(
            PluginLoadException.class,
            e -> {
              assertThat(e).hasMessageContaining("not a valid jar (");
              assertThat(e).hasMessageContaining("probe.txt fails its CRC check");
            });
    assertThat(copies()).isEmpty();
  }

  @Test
  void aCopyFoundByTheJarsStampIsNotInflatedAgain() throws IOException {
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("unix"));
    Path good = TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar"));
    Path damaged = damagedCopyOf(good);
    Path jar = Files.copy(good, plugins.resolve("p.jar"));
    Path copy = loader.load(jar).cachedCopy();
    loader.close();
    // As if the damaged bytes had passed the check: the copy the jar's stamp finds now holds them.
    Files.copy(damaged, copy, StandardCopyOption.REPLACE_EXISTING);

    // The pass is skipped, so the damaged entry (which PF4J never reads) goes unnoticed.
    try (PluginLoader next = new PluginLoader(home, Duration.ZERO)) {
      LoadedPlugin plugin = next.load(jar);
      assertThat(plugin.id()).isEqualTo("dsh-probe");
      assertThat(plugin.cachedCopy()).isEqualTo(copy);
    }
  }

  @Test
  void aScanOfTheHomeTrustsTheCopyOfTheJarsStampOrContentAndChecksAChangedJarAgain()
      throws IOException {
    assumeTrue(home.getFileSystem().supportedFileAttributeViews().contains("unix"));
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));
    // As if these very bytes had passed the check when this jar was loaded.
    Path cache = Files.createDirectories(home.resolve(".cache/plugins"));
    Files.copy(damaged, cache.resolve(
        "dsh-probe-" + sha256(damaged) + "-" + FileStamp.read(damaged).token() + ".jar"));

    PluginJars trusted = PluginJars.scan(new DshHome(home));
    Files.setLastModifiedTime(damaged, FileTime.from(Instant.now().minusSeconds(60)));
    PluginJars touched = PluginJars.scan(new DshHome(home));
    damagedCopyOf(TestPluginJars.plugin(work, "dsh-probe", "other").buildTo(work.resolve("o.jar")));
    PluginJars changed = PluginJars.scan(new DshHome(home));

    // The pass is skipped, so the damaged entry (which only the pass reads) goes unnoticed: by the
    // stamp, then (a new stamp, the same bytes) by the content.
    assertThat(trusted.jars()).extracting(PluginJars.Jar::id).containsExactly("dsh-probe");
    assertThat(trusted.failures()).isEmpty();
    assertThat(touched.jars()).extracting(PluginJars.Jar::id).containsExactly("dsh-probe");
    assertThat(touched.failures()).isEmpty();
    assertThat(changed.jars()).isEmpty();
    assertThat(changed.failures()).singleElement()
        .satisfies(e -> assertThat(e).hasMessageContaining("probe.txt fails its CRC check"));
  }

  @Test
  void aCopyOfTheSameContentFromAnotherJarIsNotInflatedAgainAndTakesTheNewStamp()
      throws IOException {
    Path damaged =
        damagedCopyOf(
            TestPluginJars.plugin(work, "dsh-probe", "probe").buildTo(work.resolve("good.jar")));
    String hash = sha256(damaged);
    // As if these very bytes had passed the check when taken from another jar.
    Path cache = Files.createDirectories(home.resolve(".cache/plugins"));
    Files.copy(damaged, cache.resolve("dsh-probe-" + hash + "-1.2.3.4.5.jar"));

    LoadedPlugin plugin = loader.load(damaged);

    assertThat(plugin.id()).isEqualTo("dsh-probe");
    assertThat(copies()).containsExactly(plugin.cachedCopy());
    assertThat(plugin.cachedCopy().getFileName().toString()).startsWith("dsh-probe-" + hash);
  }

  @Test
  void aNewContentOfAPluginReplacesItsOldCopyOnceItLoaded() throws IOException {
    Path jar = plugins.resolve("p.jar");
    TestPluginJars.plugin(work, "dsh-p", "old").buildTo(jar);
    LoadedPlugin old = loader.load(jar);
    loader.close();
    Path newer = TestPluginJars.plugin(work, "dsh-p", "new").buildTo(work.resolve("new.jar"));
    Files.move(newer, jar, StandardCopyOption.REPLACE_EXISTING);

    try (PluginLoader next = new PluginLoader(home, Duration.ZERO)) {
      LoadedPlugin plugin = next.load(jar);
      assertThat(plugin.entry().name()).isEqualTo("new");
      assertThat(copies()).containsExactly(plugin.cachedCopy()).doesNotContain(old.cachedCopy());
    }
  }

  @Test
  void unloadDeletesTheCopyOfAJarThatWentAway() throws IOException {
    LoadedPlugin plugin =
        loader.load(TestPluginJars.plugin(work, "dsh-gone", "g").buildTo(plugins.resolve("g.jar")));

    assertThat(loader.unload("dsh-gone")).isTrue();

    assertThat(copies()).isEmpty();
    assertThat(plugin.cachedCopy()).doesNotExist();
  }

  private List<Path> copies() throws IOException {
    Path cache = home.resolve(".cache/plugins");
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cache)) {
      return files.toList();
    }
  }

  /** {@code good} with one more entry, stored, whose bytes no longer match its CRC. */
  private Path damagedCopyOf(Path good) {
    return DamagedJar.write(good, plugins.resolve("probe.jar"));
  }

  private static String sha256(Path file) throws IOException {
    try {
      return HexFormat.of()
          .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
