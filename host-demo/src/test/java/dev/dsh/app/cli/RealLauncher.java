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
 * Runs the repository's real {@code ./dsh} script in a child process, under {@code LANG=C} unless
 * told otherwise, in a working folder of its own ({@link #cwd()}) and with {@code XDG_CACHE_HOME}
 * under the test's folder, so nothing lands in the user's cache.
 *
 * <p>The script runs from a copy of the repository's layout whose sources are all older than the
 * built host jar, so the launcher never starts a build of its own in the middle of the test run.
 * {@link #in} shares one such copy, in the real {@code host-demo/target}, whose {@code
 * host-demo/target} links to the real one: the class-data-sharing archive's key names the
 * distribution's folder, so every start through it maps the one archive made at the first start
 * after the build, in whichever test JVM (a copy per test made an archive per test, and each
 * making went stale for the others). {@link #inOwnCopy} lays a copy out under the test's folder,
 * for a test that changes its sources; {@link #withOwnDistribution} also copies the distribution,
 * for tests that damage the archive beside it, which the other tests' starts must not find. It
 * needs the packaged jar: tests using it are {@code *LauncherIT}, run after {@code package}.
 */
final class RealLauncher {

  record Result(int exit, String out, String err) {}

  private final Path work;
  private final Path launcher;
  private final boolean ownCopy;

  private RealLauncher(Path work, Path launcher, boolean ownCopy) throws IOException {
    this.work = work;
    this.launcher = launcher;
    this.ownCopy = ownCopy;
    Files.createDirectories(cwd());
  }

  /**
   * A launcher running the real distribution from the shared copy of the layout, in a working
   * folder and cache under {@code work}.
   */
  static RealLauncher in(Path work) throws IOException {
    return new RealLauncher(work, LauncherCopies.shared().resolve("dsh"), false);
  }

  /** A launcher copy laid out under {@code work}, running the real distribution. */
  static RealLauncher inOwnCopy(Path work) throws IOException {
    return new RealLauncher(work, LauncherCopies.linkedTo(work).resolve("dsh"), true);
  }

  /**
   * A launcher copy laid out under {@code work} with a copy of the distribution (the host jar,
   * {@code dist/lib}, {@code dist/bundled-plugins}; no archive): its first start makes an archive
   * of its own, in {@link #dist()}.
   */
  static RealLauncher withOwnDistribution(Path work) throws IOException {
    return new RealLauncher(work, LauncherCopies.withOwnDistribution(work).resolve("dsh"), true);
  }

  /** The distribution folder the launcher runs ({@code host-demo/target/dist} of its copy). */
  Path dist() {
    return launcher.resolveSibling("host-demo/target/dist");
  }

  /** The working folder the launcher runs in. */
  Path cwd() {
    return work.resolve("cwd");
  }

  /** The launcher's cache folder ({@code $XDG_CACHE_HOME/dsh}) unless the test sets its own. */
  Path cache() {
    return work.resolve("cache/dsh");
  }

  /** Runs {@code ./dsh args} with {@code LANG=C}, no {@code LC_*}, and {@code extraEnv} on top. */
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

  /** A started {@code ./dsh}, its stdout and stderr going to files. */
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
        throw new AssertionError("./dsh did not end within 180 s");
      }
      return new Result(
          process.exitValue(),
          Files.readString(out, StandardCharsets.UTF_8),
          Files.readString(err, StandardCharsets.UTF_8));
    }
  }

  /** Starts {@code ./dsh args} and writes {@code input} to its stdin, which stays open. */
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

  /** {@code ./dsh args} as a command line, for a process the test drives itself. */
  List<String> command(String... args) {
    return Stream.concat(Stream.of(launcher.toString()), Stream.of(args)).toList();
  }

  /** {@code ./dsh args} as {@link #run} starts it, its streams left as pipes for the caller. */
  Process start(Map<String, String> extraEnv, String... args) throws IOException {
    return builder(extraEnv, args).start();
  }

  private ProcessBuilder builder(Map<String, String> extraEnv, String... args) {
    ProcessBuilder builder = new ProcessBuilder(command(args));
    builder.environment().clear();
    builder.environment().putAll(environment(extraEnv));
    builder.environment().put("XDG_CACHE_HOME", cache().getParent().toString());
    builder.environment().putAll(extraEnv);
    builder.directory(cwd().toFile());
    return builder;
  }

  /** The environment {@link #run} gives {@code ./dsh}: this one's, {@code LANG=C}, no {@code LC_*}. */
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
