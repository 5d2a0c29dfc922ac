package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's exit code follows the type of its failure, never the wording of the
 * message: a bug is exit 1 whatever it says, a fault the user can fix is exit 2 whatever it says.
 */
class ExitCodeTest {

  @TempDir Path home;

  @Test
  void aFailureOfNoUserFacingTypeIsAnInternalErrorWithExitOne() {
    String[] err = new String[1];
    int exit = run(name -> {
      throw new IllegalStateException("canary-bug-41");
    }, err);

    assertAll(
        () -> assertThat(exit).isEqualTo(DshMain.INTERNAL),
        () -> assertThat(err[0])
            .isEqualTo("dsh: internal error: java.lang.IllegalStateException: canary-bug-41\n"));
  }

  @Test
  void aUserFacingFailureIsExitTwoEvenWhenItsMessageReadsLikeAnInternalError() {
    String[] err = new String[1];
    int exit = run(name -> {
      throw new IllegalArgumentException("internal error: canary-typed-42");
    }, err);

    assertAll(
        () -> assertThat(exit).isEqualTo(DshMain.USAGE_OR_CONFIG),
        () -> assertThat(err[0]).isEqualTo("dsh: internal error: canary-typed-42\n"));
  }

  /** {@code dsh plugin list} with an environment that fails as given; stderr into {@code err}. */
  private int run(LaunchEnvironment env, String[] err) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int exit = DshMain.run(new Cli.Io(new ByteArrayInputStream(new byte[0]),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
        new PrintStream(bytes, true, StandardCharsets.UTF_8), env, Optional.empty()),
        "--home", home.toString(), "plugin", "list");
    err[0] = bytes.toString(StandardCharsets.UTF_8);
    return exit;
  }
}
