package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DshHomeTest {

  @TempDir Path dir;

  private final LaunchEnvironment noVariables = LaunchEnvironment.of(Map.of());

  @Test
  void theHomeOptionWinsOverTheVariable() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("DSH_HOME", dir.resolve("env").toString()));

    DshHome home = DshHome.locate(Optional.of(dir.resolve("option").toString()), env, dir);

    assertThat(home.root()).isEqualTo(dir.resolve("option"));
  }

  @Test
  void theVariableIsUsedWithoutTheOption() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("DSH_HOME", dir.resolve("env").toString()));

    assertThat(DshHome.locate(Optional.empty(), env, dir).root()).isEqualTo(dir.resolve("env"));
  }

  @Test
  void withNeitherTheHomeIsDotDshInTheUsersHome() {
    assertThat(DshHome.locate(Optional.empty(), noVariables, dir).root())
        .isEqualTo(dir.resolve(".dsh"));
  }

  /** Issue 22 part 4: {@code HOME} names the user's home, not the password database. */
  @Test
  void theUsersHomeIsTheHomeVariableOfTheLaunchEnvironment() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("HOME", dir.resolve("x").toString()));

    assertThat(DshHome.locate(Optional.empty(), env).root()).isEqualTo(dir.resolve("x/.dsh"));
  }

  @Test
  void theHomeOptionAndTheDshVariableWinOverTheUsersHome() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of(
        "HOME", dir.resolve("x").toString(), "DSH_HOME", dir.resolve("env").toString()));

    assertThat(DshHome.locate(Optional.empty(), env).root()).isEqualTo(dir.resolve("env"));
    assertThat(DshHome.locate(Optional.of(dir.resolve("o").toString()), env).root())
        .isEqualTo(dir.resolve("o"));
  }

  @Test
  void withoutTheHomeVariableTheUsersHomeIsTheJavaProperty() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("HOME", " "));

    assertThat(DshHome.locate(Optional.empty(), env).root())
        .isEqualTo(Path.of(System.getProperty("user.home"), ".dsh").toAbsolutePath().normalize());
  }

  @Test
  void blankValuesCountAsNotGiven() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("DSH_HOME", " "));

    assertThat(DshHome.locate(Optional.of(""), env, dir).root()).isEqualTo(dir.resolve(".dsh"));
  }

  @Test
  void aRelativeHomeIsTakenFromTheWorkingFolder() {
    DshHome home = DshHome.locate(Optional.of("relative-home"), noVariables, dir);

    assertThat(home.root()).isAbsolute().isEqualTo(Path.of("relative-home").toAbsolutePath());
  }

  @Test
  void thePathsInsideTheHome() {
    DshHome home = new DshHome(dir);

    assertThat(home.plugins()).isEqualTo(dir.resolve("plugins"));
    assertThat(home.profileFile("default")).isEqualTo(dir.resolve("profiles/default/profile.yml"));
    assertThat(home.userPatch("demo")).isEqualTo(dir.resolve("profiles/demo/cordis.patch.yml"));
    assertThat(home.credentialStore()).isEqualTo(dir.resolve("credentials.json"));
  }

  @Test
  void aProfileNameCannotLeaveTheProfilesFolder() {
    DshHome home = new DshHome(dir);
    for (String bad : new String[] {"..", "../x", "a/b", "", ".hidden"}) {
      assertThatThrownBy(() -> home.profile(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
