package dev.dsh.app.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Runs a real {@code dsh} launcher in a child process, under {@code LANG=C} unless told otherwise,
 * in a working folder of its own ({@link #cwd()}) and with {@code XDG_CACHE_HOME} set, so nothing
 * lands in the user's cache.
 *
 * <p>{@link #in} runs the built distribution's {@code bin/dsh} with a cache folder shared by every
 * test JVM in {@code host-demo/target}: the class-data-sharing archive there is made at the first
 * start after the build and mapped by every later one (a cache per test made an archive per test).
 * {@link #unpacked} runs {@code bin/dsh} of the built archive unpacked into the test's folder,
 * read-only, with a cache of its own and a {@code mvn} first on {@code PATH} that only records its
 * call: for tests that damage the archive, which the other tests' starts must not find, and for the
 * install a user makes. {@link #inOwnCopy} runs the repository's {@code dsh} from a copy of the
 * repository's layout, for a test that changes its sources. Tests using it are {@code *LauncherIT},
 * run after {@code package}.
 */
final class RealLauncher {

  record Result(int exit, String out, String err) {}

  private final Path work;
  private final Path launcher;
  private final Path cache;
  private final boolean ownCopy;

  private RealLauncher(Path work, Path launcher, Path cache, boolean ownCopy) throws IOException {
    this.work = work;
    this.launcher = launcher;
    this.cache = cache;
    this.ownCopy = ownCopy;
    Files.createDirectories(cwd());
  }

  /** The built distribution's {@code bin/dsh}, in a working folder under {@code work}. */
  static RealLauncher in(Path work) throws IOException {
    Path dist = Path.of(System.getProperty("dsh.test.dist")).toRealPath();
    return new RealLauncher(work, dist.resolve("bin/dsh"),
        dist.resolveSibling("launcher-cache/dsh"), false);
  }

  /** The repository's {@code ./dsh} in a copy of its layout under {@code work}, on the real build. */
  static RealLauncher inOwnCopy(Path work) throws IOException {
    return new RealLauncher(work, LauncherCopies.linkedTo(work).resolve("dsh"),
        work.resolve("cache/dsh"), true);
  }

  /**
   * {@code bin/dsh} of the built archive unpacked under {@code work}, read-only; its first start
   * makes an archive of its own, in {@link #cache()}.
   */
  static RealLauncher unpacked(Path work) throws IOException, InterruptedException {
    Path install = LauncherCopies.unpacked(work, Path.of(System.getProperty("dsh.test.archive")));
    return new RealLauncher(work, install.resolve("bin/dsh"), work.resolve("cache/dsh"), false);
  }

  /** The distribution folder the launcher runs. */
  Path dist() {
    return launcher.getParent().getParent();
  }

  /** The working folder the launcher runs in. */
  Path cwd() {
    return work.resolve("cwd");
  }

  /** The launcher's cache folder ({@code $XDG_CACHE_HOME/dsh}) unless the test sets its own. */
  Path cache() {
    return cache;
  }

  /** The class-data-sharing archive of {@link #dist()} in {@code cache}, as the launcher names it. */
  Path archive(Path cache) throws IOException, InterruptedException {
    Process name = new ProcessBuilder("bash", "-c",
        "read -r crc _ < <(cksum <<<\"$1\"); echo \"dsh-$crc.jsa\"", "_", dist().toString())
        .start();
    String file = new String(name.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    if (name.waitFor() != 0 || file.isEmpty()) {
      throw new IllegalStateException("could not name the archive of " + dist());
    }
    return cache.resolve(file);
  }

  /** Whether a start ran the {@code mvn} that {@link #unpacked} puts first on {@code PATH}. */
  boolean mavenCalled() {
    return Files.exists(work.resolve(LauncherCopies.MAVEN_CALLED));
  }

  /** Runs {@code dsh args} with {@code LANG=C}, no {@code LC_*}, and {@code extraEnv} on top. */
  Result run(Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
    return run(extraEnv, new byte[0], args);
  }

  /** {@link #run} with {@code stdin} as the whole standard input. */
  Result runWithInput(Map<String, String> extraEnv, String stdin, String... args)
      throws IOException, InterruptedException {
    return run(extraEnv, stdin.getBytes(StandardCharsets.UTF_8), args);
  }

  /** {@link #run} with {@code stdin} as the whole standard input, as bytes. */
  Result run(Map<String, String> extraEnv, byte[] stdin, String... args)
      throws IOException, InterruptedException {
    Launched launched = launch(extraEnv, stdin, args);
    launched.endInput();
    return launched.awaitResult();
  }

  /** A started {@code dsh}, its stdout and stderr going to files. */
  private record Launched(Process process, Path out, Path err) {

    /** Whether stdout holds a whole line yet. */
    boolean answered() throws IOException {
      return Files.readString(out, StandardCharsets.UTF_8).contains("\n");
    }

    void endInput() {
      try {
        process.getOutputStream().close();
      } catch (IOException ended) {
        // The process ended before reading its input (a crash): its exit status and output tell.
      }
    }

    Result awaitResult() throws IOException, InterruptedException {
      // Generous: the first start after a build also makes the class-data-sharing archive (one
      // more demo search), which takes half a minute on a loaded 2-core machine.
      if (!process.waitFor(180, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError("dsh did not end within 180 s");
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    }
  }

  /** Starts {@code dsh args} and writes {@code input} to its stdin, which stays open. */
  private Launched launch(Map<String, String> extraEnv, byte[] input, String... args)
      throws IOException {
    ProcessBuilder builder = builder(extraEnv, args);
    Path out = work.resolve("out.txt");
    Path err = work.resolve("err.txt");
    builder.redirectOutput(out.toFile());
    builder.redirectError(err.toFile());
    Process process = builder.start();
    try {
      OutputStream stdin = process.getOutputStream();
      stdin.write(input);
      stdin.flush();
    } catch (IOException ended) {
      // The process ended before reading its input (a crash): its exit status and output tell.
    }
    return new Launched(process, out, err);
  }

  /**
   * {@link #run}, with {@code input} written to the launcher's stdin, which is closed once stdout
   * has a whole line (a server's first answer) or the process has ended: end of input ends a
   * server, and one it reads before answering may end it unanswered.
   */
  Result serve(Map<String, String> extraEnv, String input, String... args)
      throws IOException, InterruptedException {
    Launched launched = launch(extraEnv, input.getBytes(StandardCharsets.UTF_8), args);
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (launched.process().isAlive() && System.nanoTime() < deadline && !launched.answered()) {
      Thread.sleep(50);
    }
    launched.endInput();
    return launched.awaitResult();
  }

  /**
   * Makes the copy's sources newer than the built host jar, so the next start builds first; only
   * for a launcher {@link #inOwnCopy}, as every other test's start would build too.
   */
  void sourcesChanged() throws IOException {
    if (!ownCopy) {
      throw new IllegalStateException("sourcesChanged() needs a launcher inOwnCopy(work)");
    }
    Files.setLastModifiedTime(launcher.resolveSibling("pom.xml"), FileTime.from(Instant.now()));
  }

  /** {@code dsh args} as a command line, for a process the test drives itself. */
  List<String> command(String... args) {
    return Stream.concat(Stream.of(launcher.toString()), Stream.of(args)).toList();
  }

  /** {@code dsh args} as {@link #run} starts it, its streams left as pipes for the caller. */
  Process start(Map<String, String> extraEnv, String... args) throws IOException {
    return builder(extraEnv, args).start();
  }

  private ProcessBuilder builder(Map<String, String> extraEnv, String... args) {
    ProcessBuilder builder = new ProcessBuilder(command(args));
    builder.environment().clear();
    builder.environment().putAll(launchEnvironment(extraEnv));
    builder.directory(cwd().toFile());
    return builder;
  }

  /**
   * The environment this launcher's starts get: {@link #environment}, its cache folder and, for
   * one {@link #unpacked}, its {@code mvn} first on {@code PATH}; {@code extraEnv} on top.
   */
  Map<String, String> launchEnvironment(Map<String, String> extraEnv) {
    Map<String, String> env = environment(Map.of());
    env.put("XDG_CACHE_HOME", cache.getParent().toString());
    Path stubs = work.resolve(LauncherCopies.STUBS);
    if (Files.isDirectory(stubs)) {
      env.put("PATH", stubs + ":" + env.get("PATH"));
    }
    env.putAll(extraEnv);
    return env;
  }

  /** The environment {@link #run} gives {@code dsh}: this one's, {@code LANG=C}, no {@code LC_*}. */
  static Map<String, String> environment(Map<String, String> extraEnv) {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.keySet().removeIf(name -> name.startsWith("LC_") || name.equals("LANGUAGE"));
    env.remove("DSH_HOME");
    env.remove("DSH_JAVA_OPTS");
    env.put("LANG", "C");
    env.put("TENCENTCLOUD_WSA_APIKEY", "sk-launcher-test");
    env.putAll(extraEnv);
    return env;
  }
}
