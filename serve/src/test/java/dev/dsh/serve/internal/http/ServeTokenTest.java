package dev.dsh.serve.internal.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.serve.ServeException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the token comes from: the file given, else DSH_SERVE_TOKEN, else the home's, made once. */
class ServeTokenTest {

  private static final String FILE_TOKEN = "file-token-0123456789abcdef0123456789";
  private static final String ENV_TOKEN = "env-token-0123456789abcdef0123456789ab";

  @TempDir Path home;
  private final List<String> log = new ArrayList<>();

  @Test
  void theFirstStartMakesAnOwnerOnly256BitTokenInTheHomeAndTheNextReadsIt() throws Exception {
    ServeToken first = ServeToken.resolve(Optional.empty(), LaunchEnvironment.of(Map.of()),
        home, log::add);
    Path file = home.resolve("serve-token");
    String made = Files.readString(file).strip();

    ServeToken second = ServeToken.resolve(Optional.empty(), LaunchEnvironment.of(Map.of()),
        home, log::add);

    assertThat(made).matches("[A-Za-z0-9_-]{43}");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
        .isEqualTo("rw-------");
    assertThat(first.source()).isEqualTo(file.toString());
    assertThat(first.matches(made)).isTrue();
    assertThat(second.matches(made)).isTrue();
    assertThat(log).containsExactly("made a new serve token in " + file);
  }

  @Test
  void theEnvironmentWinsOverTheHomeFileAndTheFileGivenOverBoth() throws Exception {
    Files.writeString(home.resolve("serve-token"), "home-token-0123456789abcdef0123456789\n");
    Path given = Files.writeString(home.resolve("given"), FILE_TOKEN + "\n");
    LaunchEnvironment env = LaunchEnvironment.of(Map.of(ServeToken.VARIABLE, ENV_TOKEN));

    ServeToken fromEnv = ServeToken.resolve(Optional.empty(), env, home, log::add);
    ServeToken fromFile = ServeToken.resolve(Optional.of(given), env, home, log::add);

    assertThat(fromEnv.source()).isEqualTo("DSH_SERVE_TOKEN");
    assertThat(fromEnv.matches(ENV_TOKEN)).isTrue();
    assertThat(fromEnv.matches("home-token-0123456789abcdef0123456789")).isFalse();
    assertThat(fromFile.matches(FILE_TOKEN)).isTrue();
    assertThat(fromFile.matches(ENV_TOKEN)).isFalse();
  }

  @Test
  void aTokenFileOthersCanReadIsUsedWithOneWarningAndAnOwnerOnlyOneWithNone() throws Exception {
    Path open = Files.writeString(home.resolve("open"), FILE_TOKEN + "\n");
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    Path closed = Files.writeString(home.resolve("closed"), ENV_TOKEN + "\n");
    Files.setPosixFilePermissions(closed, PosixFilePermissions.fromString("rw-------"));
    LaunchEnvironment none = LaunchEnvironment.of(Map.of());

    ServeToken fromOpen = ServeToken.resolve(Optional.of(open), none, home, log::add);
    ServeToken fromClosed = ServeToken.resolve(Optional.of(closed), none, home, log::add);
    for (int i = 0; i < 3; i++) {
      assertThat(fromOpen.matches(FILE_TOKEN)).isTrue();
      assertThat(fromClosed.matches(ENV_TOKEN)).isTrue();
    }

    assertThat(log).containsExactly("warning: token file " + open + " is accessible by its group"
        + " and others (permissions rw-r--r--); it holds secrets and should be readable by you"
        + " only: chmod 600 " + open);
  }

  @Test
  void anEmptyOrShortTokenIsAClearStartUpErrorThatNeverShowsIt() throws Exception {
    Path empty = Files.writeString(home.resolve("empty"), "\n");
    Path shortOne = Files.writeString(home.resolve("short"), "tiny-secret\n");
    LaunchEnvironment none = LaunchEnvironment.of(Map.of());

    assertThatThrownBy(() -> ServeToken.resolve(Optional.of(empty), none, home, log::add))
        .isInstanceOf(ServeException.class)
        .hasMessage("the token file " + empty + " is empty: give one token of 32 printable ASCII"
            + " characters or more, such as the output of 'openssl rand -base64 32'");
    assertThatThrownBy(() -> ServeToken.resolve(Optional.of(shortOne), none, home, log::add))
        .isInstanceOf(ServeException.class)
        .hasMessageStartingWith("the token file " + shortOne + " holds a token of 11 characters,"
            + " fewer than 32: ")
        .hasMessageNotContaining("tiny-secret");
    assertThatThrownBy(() -> ServeToken.resolve(Optional.empty(),
            LaunchEnvironment.of(Map.of(ServeToken.VARIABLE, "")), home, log::add))
        .hasMessageStartingWith("the environment variable DSH_SERVE_TOKEN is empty: ");
    assertThatThrownBy(() -> ServeToken.resolve(Optional.of(home.resolve("missing")), none,
            home, log::add))
        .hasMessage("the token file " + home.resolve("missing") + " does not exist: write a token"
            + " of 32 characters or more into it");
  }
}
