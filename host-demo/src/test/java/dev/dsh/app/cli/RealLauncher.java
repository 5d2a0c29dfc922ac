package dev.dsh.app.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
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
 * Its {@code host-demo/target} links to the real one ({@link #in}), or holds a copy of the
 * distribution ({@link #withOwnDistribution}) for tests that damage the class-data-sharing archive
 * beside it, which the other tests' starts must not find. It needs the packaged jar: tests using
 * it are {@code *LauncherIT}, run after {@code package}.
 */
final class RealLauncher {

  record Result(int exit, String out, String err) {}

  private final Path work;
  private final Path launcher;

  private RealLauncher(Path work, Path launcher) {
    this.work = work;
    this.launcher = launcher;
  }

  /** A launcher copy laid out under {@code work}, running the real distribution. */
  static RealLauncher in(Path work) throws IOException {
    Path root = layOut(work);
    Files.createSymbolicLink(root.resolve("host-demo/target"), realTarget());
    return new RealLauncher(work, root.resolve("dsh"));
  }

  /**
   * A launcher copy laid out under {@code work} with a copy of the distribution (the host jar,
   * {@code dist/lib}, {@code dist/bundled-plugins}; no archive): its first start makes an archive
   * of its own, in {@link #dist()}.
   */
  static RealLauncher withOwnDistribution(Path work) throws IOException {
    Path root = layOut(work);
    Path real = realTarget();
    Path target = Files.createDirectories(root.resolve("host-demo/target"));
    try (Stream<Path> jars = Files.list(real)) {
      for (Path jar : jars.filter(p -> p.getFileName().toString().matches("dsh-app-.*\\.jar")).toList()) {
        Files.copy(jar, target.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    for (String dir : List.of("dist/lib", "dist/bundled-plugins")) {
      Path copy = Files.createDirectories(target.resolve(dir));
      try (Stream<Path> files = Files.list(real.resolve(dir))) {
        for (Path file : files.toList()) {
          Files.copy(file, copy.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
    return new RealLauncher(work, root.resolve("dsh"));
  }

  private static Path realTarget() throws IOException {
    return Path.of(System.getProperty("dsh.launcher")).toRealPath().getParent()
        .resolve("host-demo/target").toRealPath();
  }

  private static Path layOut(Path work) throws IOException {
    Path real = Path.of(System.getProperty("dsh.launcher")).toRealPath();
    Path root = Files.createDirectories(work.resolve("repo"));
    Path launcher = root.resolve("dsh");
    Files.copy(real, launcher);
    Files.createDirectories(root.resolve("host-demo"));
    FileTime old = FileTime.from(Instant.parse("2000-01-01T00:00:00Z"));
    for (String dir : List.of("picocli", "plugin-api", "schema", "yuanbao-plugin", "host")) {
      Files.setLastModifiedTime(Files.createDirectories(root.resolve(dir)), old);
    }
    Files.setLastModifiedTime(Files.writeString(root.resolve("pom.xml"), ""), old);
    Files.setLastModifiedTime(launcher, old);
    Files.createDirectories(work.resolve("cwd"));
    return root;
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
    ProcessBuilder builder = builder(extraEnv, args);
    Path out = work.resolve("out.txt");
    Path err = work.resolve("err.txt");
    builder.redirectOutput(out.toFile());
    builder.redirectError(err.toFile());
    Process process = builder.start();
    try (var in = process.getOutputStream()) {
      in.write(stdin);
    } catch (IOException ended) {
      // The process ended before reading its input (a crash): its exit status and output tell.
    }
    return awaitResult(process, out, err);
  }

  private static Result awaitResult(Process process, Path out, Path err)
      throws IOException, InterruptedException {
    // Generous: the first start after a build also makes the class-data-sharing archive (one more
    // demo search), which takes half a minute on a loaded 2-core machine.
    if (!process.waitFor(180, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError("./dsh did not end within 180 s");
    }
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  /**
   * {@link #run}, with {@code input} written to the launcher's stdin, which is closed once stdout
   * has a whole line (a server's first answer) or the process has ended: end of input ends a
   * server, and one it reads before answering may end it unanswered.
   */
  Result serve(Map<String, String> extraEnv, String input, String... args)
      throws IOException, InterruptedException {
    ProcessBuilder builder = builder(extraEnv, args);
    Path out = work.resolve("out.txt");
    Path err = work.resolve("err.txt");
    builder.redirectOutput(out.toFile());
    builder.redirectError(err.toFile());
    Process process = builder.start();
    OutputStream stdin = process.getOutputStream();
    try {
      stdin.write(input.getBytes(StandardCharsets.UTF_8));
      stdin.flush();
    } catch (IOException ended) {
      // The process ended before reading its input (a crash): its exit status and output tell.
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (process.isAlive() && System.nanoTime() < deadline
        && !Files.readString(out, StandardCharsets.UTF_8).contains("\n")) {
      Thread.sleep(50);
    }
    try {
      stdin.close();
    } catch (IOException ended) {
      // As above.
    }
    return awaitResult(process, out, err);
  }

  /** Makes the copy's sources newer than the built host jar, so the next start builds first. */
  void sourcesChanged() throws IOException {
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
