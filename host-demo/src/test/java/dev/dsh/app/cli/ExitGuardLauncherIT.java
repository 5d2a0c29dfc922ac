package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.internal.plugins.AdversarialPlugins;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Through the distribution's real {@code bin/dsh}: a plugin calling {@code System.exit(0)} does not end dsh as a
 * success, while dsh's own exits and those of {@code SIGTERM} and {@code SIGINT} keep their
 * statuses and say nothing of the kind.
 */
class ExitGuardLauncherIT {

  private static final long BOUND_SECONDS = 180;

  @TempDir Path work;

  @Test
  void aPluginCallingSystemExitZeroEndsDshNonZeroSayingSo() throws Exception {
    Path home = work.resolve("home");
    Files.createDirectories(home.resolve("plugins"));
    Path jar = AdversarialPlugins.exiting(work, home.resolve("plugins/adv-exit.jar"));
    Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(home.resolve("profiles/default/profile.yml"), "bundles: [adv-exit]\n");

    RealLauncher.Result result =
        RealLauncher.in(work).run(Map.of(), "--home", home.toString(), "search", "anything");

    assertThat(result.exit()).as(result.err()).isEqualTo(DshMain.INTERNAL);
    assertThat(result.err().lines()).contains(DshMain.FOREIGN_EXIT);
    assertThat(result.out()).isEmpty();
  }

  @Test
  void dshsOwnExitKeepsItsStatusAndSaysNothingOfAForeignExit() throws Exception {
    RealLauncher.Result result =
        RealLauncher.in(work).run(Map.of(), "--home", work.resolve("home").toString(), "search");

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.err()).doesNotContain(DshMain.FOREIGN_EXIT);
  }

  @Test
  void sigtermEndsDshRunWithItsUsualStatusAndNoForeignExitLine() throws Exception {
    Process run = start("run");
    List<String> err = pump(run.getErrorStream());
    try (OutputStream stdin = run.getOutputStream();
        BufferedReader stdout = reader(run.getInputStream())) {
      stdin.write("status\n".getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      assertThat(stdout.readLine()).as("the status answer: dsh run is serving").startsWith("{");

      signal(run, "TERM");

      assertThat(run.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(run.exitValue()).isEqualTo(128 + 15);
      assertThat(err).doesNotContain(DshMain.FOREIGN_EXIT);
    } finally {
      run.destroyForcibly();
    }
  }

  @Test
  void sigintEndsDshRunWithItsUsualStatusAndNoForeignExitLine() throws Exception {
    Process run = start("run");
    List<String> err = pump(run.getErrorStream());
    try (OutputStream stdin = run.getOutputStream();
        BufferedReader stdout = reader(run.getInputStream())) {
      stdin.write("status\n".getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      assertThat(stdout.readLine()).startsWith("{");

      signal(run, "INT");

      assertThat(run.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(run.exitValue()).isEqualTo(128 + 2);
      assertThat(err).doesNotContain(DshMain.FOREIGN_EXIT);
    } finally {
      run.destroyForcibly();
    }
  }

  @Test
  void sigtermEndsDshMcpWithItsUsualStatusAndNoForeignExitLine() throws Exception {
    Process mcp = start("mcp");
    List<String> err = pump(mcp.getErrorStream());
    try (OutputStream stdin = mcp.getOutputStream();
        BufferedReader stdout = reader(mcp.getInputStream())) {
      stdin.write(
          ("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{\"protocolVersion\":"
                  + "\"2025-06-18\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}\n")
              .getBytes(StandardCharsets.UTF_8));
      stdin.flush();
      assertThat(stdout.readLine()).as("the initialize answer").contains("\"serverInfo\"");

      signal(mcp, "TERM");

      assertThat(mcp.waitFor(BOUND_SECONDS, TimeUnit.SECONDS)).isTrue();
      assertThat(mcp.exitValue()).isEqualTo(128 + 15);
      assertThat(err).doesNotContain(DshMain.FOREIGN_EXIT);
    } finally {
      mcp.destroyForcibly();
    }
  }

  /**
   * Sends {@code SIGname} with kill, not Process.destroy(): destroy also closes the pipes, and
   * the end of input that dsh run and dsh mcp then read ends them with status 0 if it comes first.
   */
  private static void signal(Process process, String name) throws Exception {
    Process kill = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).start();
    assertThat(kill.waitFor()).isZero();
  }

  private Process start(String command) throws IOException {
    return RealLauncher.in(work).start(Map.of(), "--home", work.resolve("home").toString(), command);
  }

  private static BufferedReader reader(InputStream stream) {
    return new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8));
  }

  private static List<String> pump(InputStream stream) {
    List<String> lines = new CopyOnWriteArrayList<>();
    Thread thread =
        new Thread(
            () -> {
              try (BufferedReader reader = reader(stream)) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                  lines.add(line);
                }
              } catch (IOException e) {
                // the process ended
              }
            },
            "exit-guard-stderr");
    thread.setDaemon(true);
    thread.start();
    return lines;
  }
}
