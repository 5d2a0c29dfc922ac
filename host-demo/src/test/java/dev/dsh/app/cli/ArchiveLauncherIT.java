package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.app.cli.ArchiveProbe.Identity;
import dev.dsh.host.model.HostVersion;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Through {@code bin/dsh} of the built archive, unpacked read-only with no Maven on {@code PATH}:
 * the install runs the demo search and an MCP session from another working folder and writes
 * nothing into itself; the class-data-sharing archive is made in the cache folder on the first
 * start after a build and mapped by the later ones; an archive its key (one {@code stat} of java
 * and the archive) does not describe is never mapped but made again, and a JVM crash puts nothing
 * on stdout nor in the caller's folder ({@link ArchiveRefusalLauncherIT}: the archives the
 * launcher refuses to map).
 *
 * <p>The launcher runs an unpacked copy of the distribution with a cache of its own, so the
 * archives damaged here are never the one the other tests' starts map. A making takes seconds,
 * half a minute on a loaded machine, so the archive is made once: every test starts from a copy
 * of it, its key written as the launcher writes one, proved by a start that maps it before a test
 * that shows a making. A damaged archive is shown unmapped under the launcher's marker of a failed
 * making (which stops it trying again); its remaking is shown once per cause (a truncation under
 * {@code dsh mcp}, a rebuild, a key that is junk).
 */
class ArchiveLauncherIT {

  private static final String INITIALIZE =
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
          + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"it\",\"version\":\"1\"}}}\n";

  @TempDir static Path shared;
  private static RealLauncher launcher;
  private static Path archive;
  private static Path key;
  private static Path failed;
  private static Path pristine;
  private static List<String> installed;
  private static RealLauncher.Result search;
  private static RealLauncher.Result mcp;
  /** The good archive was put back and no start has mapped it since. */
  private static boolean restoredUnproven;

  @BeforeAll
  static void copyTheDistributionAndTakeReferenceOutputs() throws Exception {
    launcher = RealLauncher.unpacked(shared);
    installed = listing(launcher.dist());
    archive = launcher.archive(launcher.cache());
    key = archive.resolveSibling(archive.getFileName() + ".key");
    failed = archive.resolveSibling(archive.getFileName() + ".failed");
    assertMapsItsArchive(archive);
    pristine = Files.copy(archive, shared.resolve("pristine.jsa"));
    mcp = mcpInitialize(); // first: it also installs the demo plugin, which stdout never shows
    search = search();
    assertThat(search.exit()).as(search.err()).isZero();
    assertThat(search.out()).contains("\"sources\"");
    assertThat(mcp.exit()).as(mcp.err()).isZero();
    assertThat(mcp.out()).startsWith("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":");
  }

  @BeforeEach
  void startFromAGoodArchive() throws Exception {
    Files.deleteIfExists(failed);
    if (Files.mismatch(archive, pristine) != -1 || !keyDescribesArchive()) {
      Files.deleteIfExists(archive);
      Files.copy(pristine, archive);
      Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("r--r--r--"));
      List<String> lines = Files.readAllLines(key);
      Files.write(key, List.of(lines.get(0), lines.get(1), stat(archive)));
      restoredUnproven = true;
    }
    try (Stream<Path> files = Files.list(launcher.cwd())) {
      for (Path file : files.toList()) {
        Files.delete(file);
      }
    }
  }

  @Test
  void aGoodArchiveIsMadeOnceAndMappedByEveryStart() throws Exception {
    Identity made = Identity.of(archive);

    assertMapsItsArchive(archive);
    restoredUnproven = false;
    RealLauncher.Result again = launcher.run(Map.of(), "--version");

    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.out()).isEqualTo("dsh " + HostVersion.current() + "\n");
    assertThat(again.err()).isEmpty();
    assertThat(Identity.of(archive)).as("not made again").isEqualTo(made);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(archive)))
        .isEqualTo("r--r--r--");
  }

  @Test
  void theUnpackedArchiveSearchesAndServesMcpReadOnlyWithoutMavenFromAnotherFolder()
      throws Exception {
    Path home = shared.resolve("install-home");

    RealLauncher.Result searched =
        launcher.run(Map.of(), "--home", home.toString(), "--profile", "demo", "search",
            "DeepSeek");
    RealLauncher.Result served = launcher.runWithInput(Map.of(), INITIALIZE
            + "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
            + "\"web_search\",\"arguments\":{\"queries\":[\"DeepSeek\"]}}}\n",
        "--home", home.toString(), "--profile", "demo", "mcp");

    assertThat(searched.exit()).as(searched.err()).isZero();
    assertThat(searched.out()).startsWith("Sources:\n- [");
    assertThat(served.exit()).as(served.err()).isZero();
    assertThat(served.out().lines().toList()).hasSize(2);
    assertThat(served.out().lines().toList().get(0)).contains("\"id\":1,\"result\":");
    assertThat(served.out().lines().toList().get(1)).contains("\"id\":2,\"result\":")
        .contains("https://").doesNotContain("\"isError\":true");
    assertThat(launcher.mavenCalled()).as("mvn called").isFalse();
    assertThat(listing(launcher.dist())).as("nothing written into the install")
        .isEqualTo(installed);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(launcher.cache())))
        .isEqualTo("rwx------");
    assertThat(launcher.dist().resolve("bin/dsh")).isExecutable();
    for (String file : List.of("LICENSE", "README", "THIRD-PARTY.txt",
        "bundled-plugins/dsh-web-search-yuanbao.jar")) {
      assertThat(launcher.dist().resolve(file)).isNotEmptyFile();
    }
    assertThat(notices(launcher.dist().resolve("lib"))).as("the NOTICE files the jars ship")
        .isNotEmpty()
        .allSatisfy(notice ->
            assertThat(launcher.dist().resolve("notices/" + notice)).isNotEmptyFile());
    assertThat(Files.readString(launcher.dist().resolve("THIRD-PARTY.txt")))
        .contains("(org.eclipse.jetty:jetty-server:").contains("(tools.jackson.core:jackson-core:");
    assertNothingInTheWorkingFolder();
  }

  @Test
  void theUnpackedArchiveServesAndTheZipHoldsTheSameFiles() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = free.getLocalPort();
    }
    String token = "archive-token-0123456789abcdef0123456789";
    Process serve = launcher.start(Map.of("DSH_SERVE_TOKEN", token), "--home",
        shared.resolve("serve-home").toString(), "--profile", "demo", "serve", "--port",
        String.valueOf(port));
    try {
      URI base = URI.create("http://127.0.0.1:" + port);
      ServeLauncherIT.awaitReady(base.toString());
      HttpClient http = HttpClient.newHttpClient();
      HttpResponse<String> status = http.send(HttpRequest.newBuilder(base.resolve("/api/status"))
          .header("Authorization", "Bearer " + token).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(new ProcessBuilder("kill", "-TERM", String.valueOf(serve.pid())).start()
          .waitFor()).isZero();

      assertThat(status.body()).contains("\"id\":\"yuanbao\"");
      assertThat(serve.waitFor(120, TimeUnit.SECONDS)).isTrue();
      assertThat(serve.exitValue()).isZero();
    } finally {
      serve.destroyForcibly();
    }
    Path tarGz = Path.of(System.getProperty("dsh.test.archive"));
    Path zip = tarGz.resolveSibling(tarGz.getFileName().toString().replace(".tar.gz", ".zip"));
    try (ZipFile entries = new ZipFile(zip.toFile())) {
      String top = launcher.dist().getFileName() + "/";
      assertThat(entries.stream().filter(e -> !e.isDirectory())
          .map(e -> e.getName().substring(top.length())).sorted())
          .as("the zip's files").containsExactlyElementsOf(installed.stream()
              .filter(name -> !name.endsWith("/")).sorted().toList());
    }
    assertThat(listing(launcher.dist())).as("nothing written into the install")
        .isEqualTo(installed);
    assertNothingInTheWorkingFolder();
  }

  /** {@code <jar name without .jar>/<name>} of each NOTICE file in a jar of {@code lib}. */
  private static List<String> notices(Path lib) throws IOException {
    List<String> notices = new ArrayList<>();
    try (Stream<Path> jars = Files.list(lib)) {
      for (Path jar : jars.sorted().toList()) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
          for (String name : List.of("NOTICE", "NOTICE.txt")) {
            if (zip.getEntry("META-INF/" + name) != null) {
              notices.add(jar.getFileName().toString().replaceFirst("\\.jar$", "") + "/" + name);
            }
          }
        }
      }
    }
    return notices;
  }

  private static List<String> listing(Path folder) throws IOException {
    try (Stream<Path> files = Files.walk(folder)) {
      return files.map(f -> folder.relativize(f) + (Files.isDirectory(f) ? "/" : ""))
          .sorted().toList();
    }
  }

  /** What is done to the archive in the cache folder. */
  enum Damage {
    /** Cut to 4096 bytes: mapped unchecked, such an archive made every start a SIGBUS. */
    TRUNCATED_TO_4096 {
      @Override
      void applyTo(Path archive) throws IOException {
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
          channel.truncate(4096);
        }
      }
    },
    EMPTIED {
      @Override
      void applyTo(Path archive) throws IOException {
        try (FileChannel channel = FileChannel.open(archive, StandardOpenOption.WRITE)) {
          channel.truncate(0);
        }
      }
    },
    /** Same size, 4 KiB of random bytes in the middle, its modification time put back. */
    RANDOM_BYTES_IN_THE_MIDDLE {
      @Override
      void applyTo(Path archive) throws IOException {
        FileTime modified = Files.getLastModifiedTime(archive);
        byte[] garbage = new byte[4096];
        new Random(22).nextBytes(garbage);
        try (RandomAccessFile file = new RandomAccessFile(archive.toFile(), "rw")) {
          file.seek(file.length() / 2);
          file.write(garbage);
        }
        Files.setLastModifiedTime(archive, modified);
      }
    },
    /** Mode 000. The tests run as root, who reads it anyway: the launcher must still not use it. */
    UNREADABLE {
      @Override
      void applyTo(Path archive) throws IOException {
        Files.setPosixFilePermissions(archive, PosixFilePermissions.fromString("---------"));
      }
    };

    abstract void applyTo(Path archive) throws IOException;
  }

  @ParameterizedTest
  @EnumSource(Damage.class)
  void aDamagedArchiveIsNotMappedAndTheSearchIsAsEver(Damage damage) throws Exception {
    damage.applyTo(archive);

    assertNotMappedAndTheSearchIsAsEver();
  }

  @Test
  void underMcpATruncatedArchiveLeavesTheProtocolStreamTheServersOwn() throws Exception {
    assertAGoodArchiveIsMapped();
    Identity before = Identity.of(archive);
    Damage.TRUNCATED_TO_4096.applyTo(archive);

    RealLauncher.Result result = mcpInitialize();

    assertThat(result.exit()).as(result.err()).isEqualTo(mcp.exit());
    assertThat(result.out()).as("the protocol stream as with a good archive").isEqualTo(mcp.out());
    assertThat(result.err()).doesNotContain("#");
    assertNothingInTheWorkingFolder();
    assertRemadeSince(before);
  }

  @Test
  void anArchiveOfAnotherBuildIsMadeAgainAndNeverWrittenInPlace() throws Exception {
    assertAGoodArchiveIsMapped();
    Identity before = Identity.of(archive);
    // A rebuild: a class-path jar newer than the archive (its time put back at the end, so the
    // archive the other tests copy stays the JVM's match for the class path).
    Path lib;
    try (Stream<Path> jars = Files.list(launcher.dist().resolve("lib"))) {
      lib = jars.sorted().findFirst().orElseThrow();
    }
    FileTime built = Files.getLastModifiedTime(lib);
    Files.setLastModifiedTime(lib, FileTime.from(Instant.now()));
    try {
      assertRebuiltArchiveMadeAgainNeverInPlace(before);
    } finally {
      Files.setLastModifiedTime(lib, built);
    }
  }

  private static void assertRebuiltArchiveMadeAgainNeverInPlace(Identity before) throws Exception {

    try (FileChannel mapped = FileChannel.open(archive, StandardOpenOption.READ)) {
      long size = mapped.size();
      ByteBuffer head = ByteBuffer.allocate(4096);
      mapped.read(head, 0);

      assertThat(launcher.run(Map.of(), "--version").err()).isEmpty();

      assertRemadeSince(before);
      // What a running process has open is the old file, whole: the new one was moved over it.
      ByteBuffer headAfter = ByteBuffer.allocate(4096);
      mapped.read(headAfter, 0);
      assertThat(mapped.size()).isEqualTo(size);
      assertThat(headAfter.flip()).isEqualTo(head.flip());
    }

    // The earlier build's archive put back: its key does not describe it.
    Files.copy(pristine, archive, StandardCopyOption.REPLACE_EXISTING);

    assertNotMappedAndTheSearchIsAsEver();
  }

  @Test
  void junkInTheKeyFileIsRepairedByTheNextStart() throws Exception {
    assertAGoodArchiveIsMapped();
    Identity before = Identity.of(archive);
    Files.writeString(key, "junk\n");

    RealLauncher.Result result = launcher.run(Map.of(), "--version");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.err()).isEmpty();
    assertRemadeSince(before);
    assertThat(Files.readAllLines(key)).as("the distribution, then one stat line each of java"
        + " and the archive").hasSize(3);
  }

  @Test
  void aJvmCrashPutsNothingOnStdoutNorAReportInTheWorkingFolder() throws Exception {
    // The launcher never maps a truncated archive; DSH_JAVA_OPTS comes last and makes it.
    Map<String, String> crash = Map.of("DSH_JAVA_OPTS", "-XX:SharedArchiveFile=" + truncatedCopy());

    RealLauncher.Result searched = launcher.run(crash, "--version");
    RealLauncher.Result served = launcher.serve(crash, INITIALIZE, 
        "--home", shared.resolve("home").toString(), "mcp");

    for (RealLauncher.Result crashed : List.of(searched, served)) {
      assertThat(crashed.exit()).as("SIGABRT").isEqualTo(134);
      assertThat(crashed.out()).isEmpty();
      assertThat(crashed.err()).isEmpty();
    }
    assertNothingInTheWorkingFolder();
  }

  @Test
  void aCrashReportAskedForGoesToTheCacheFolder() throws Exception {
    Map<String, String> crash = Map.of("DSH_JAVA_OPTS",
        "-XX:SharedArchiveFile=" + truncatedCopy() + " -XX:-SuppressFatalErrorMessage");

    RealLauncher.Result crashed = launcher.run(crash, "--version");

    assertThat(crashed.exit()).isEqualTo(134);
    assertNothingInTheWorkingFolder();
    Path report;
    try (Stream<Path> files = Files.list(launcher.cache())) {
      report = files.filter(f -> f.getFileName().toString().startsWith("hs_err_pid"))
          .findFirst().orElseThrow();
    }
    // JDK 17 hard-wires its summary to stdout: that is what asking for the report costs.
    assertThat(crashed.out()).contains("SIGBUS").contains(report.toString());
    Files.delete(report);
  }

  /** A search with the archive's making held off by its failure marker: the archive is not mapped. */
  private static void assertNotMappedAndTheSearchIsAsEver() throws Exception {
    Files.writeString(failed, "");
    Path log = shared.resolve("cds.log");
    Files.deleteIfExists(log);

    RealLauncher.Result result = launcher.run(
        Map.of("DSH_JAVA_OPTS", "-Xlog:cds=info,class+load=info:file=" + log), "--home",
        shared.resolve("home").toString(), "--profile", "demo", "search", "--json", "DeepSeek");

    assertThat(result).as("exit, stdout and stderr as with a good archive").isEqualTo(search);
    assertThat(Files.readString(log)).contains("dev.dsh.app.cli.DshMain source:")
        .doesNotContain("Opened archive " + archive + ".");
    assertNothingInTheWorkingFolder();
  }

  /**
   * Before a test that shows the archive made again: a start maps the good archive put back, so
   * the making the test sees is its own cause's. The tests that only damage it need no such start.
   */
  private static void assertAGoodArchiveIsMapped() throws Exception {
    if (restoredUnproven) {
      Identity restored = Identity.of(archive);
      assertMapsItsArchive(archive);
      assertThat(Identity.of(archive)).as("the copy mapped, not made again").isEqualTo(restored);
      restoredUnproven = false;
    }
  }

  /** Whether the key's last line is the archive's {@code stat} now, as the launcher writes it. */
  private static boolean keyDescribesArchive() throws Exception {
    List<String> lines = Files.readAllLines(key);
    return lines.size() == 3 && lines.get(2).equals(stat(archive));
  }

  private static String stat(Path file) throws Exception {
    Process stat = new ProcessBuilder("stat", "-L", "-c", "%s %.9Z %i %u %a", "--", file.toString())
        .redirectErrorStream(true).start();
    String line = new String(stat.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertThat(stat.waitFor()).as(line).isZero();
    return line;
  }

  private static Path truncatedCopy() throws IOException {
    Path copy = shared.resolve("truncated.jsa");
    Files.copy(archive, copy, StandardCopyOption.REPLACE_EXISTING);
    Damage.TRUNCATED_TO_4096.applyTo(copy);
    return copy;
  }

  private static void assertRemadeSince(Identity before) throws IOException {
    assertThat(Identity.of(archive)).as("made again").isNotEqualTo(before);
    assertThat(Files.size(archive)).isGreaterThan(1024 * 1024);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(archive)))
        .isEqualTo("r--r--r--");
  }

  private static void assertNothingInTheWorkingFolder() throws IOException {
    try (Stream<Path> files = Files.list(launcher.cwd())) {
      assertThat(files.toList()).isEmpty();
    }
  }

  /** A start that maps {@code expected} (made first if need be): DshMain comes from it. */
  private static void assertMapsItsArchive(Path expected) throws Exception {
    assertThat(ArchiveProbe.mapsWithLog(launcher, shared, Map.of()))
        .contains("Opened archive " + expected + ".")
        .contains("dev.dsh.app.cli.DshMain source: shared objects file (top)");
  }

  private static RealLauncher.Result search() throws Exception {
    return launcher.run(Map.of(), "--home", shared.resolve("home").toString(), "--profile", "demo",
        "search", "--json", "DeepSeek");
  }

  private static RealLauncher.Result mcpInitialize() throws Exception {
    return launcher.serve(Map.of(), INITIALIZE,
        "--home", shared.resolve("home").toString(), "--profile", "demo", "mcp");
  }
}
