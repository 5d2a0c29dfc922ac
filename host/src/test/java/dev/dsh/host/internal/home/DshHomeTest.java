package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DshHomeTest {

  @TempDir Path dir;

  /** An environment with {@code variables} whose user's home is {@code dir}. */
  private LaunchEnvironment env(String... variables) {
    Map<String, String> map = new java.util.HashMap<>(Map.of("HOME", dir.toString()));
    for (int i = 0; i < variables.length; i += 2) {
      map.put(variables[i], variables[i + 1]);
    }
    return LaunchEnvironment.of(map);
  }

  @Test
  void theHomeOptionWinsOverTheVariable() {
    LaunchEnvironment env = env("DSH_HOME", dir.resolve("env").toString());

    DshHome home = DshHome.locate(Optional.of(dir.resolve("option").toString()), env);

    assertThat(home.root()).isEqualTo(dir.resolve("option"));
  }

  @Test
  void theVariableIsUsedWithoutTheOption() {
    LaunchEnvironment env = env("DSH_HOME", dir.resolve("env").toString());

    assertThat(DshHome.locate(Optional.empty(), env).root()).isEqualTo(dir.resolve("env"));
  }

  @Test
  void withNeitherTheHomeIsDotDshInTheUsersHome() {
    assertThat(DshHome.locate(Optional.empty(), env()).root())
        .isEqualTo(dir.resolve(".dsh"));
  }

  /** {@code HOME} names the user's home, not the password database. */
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
    assertThat(DshHome.locate(Optional.of(""), env("DSH_HOME", " ")).root())
        .isEqualTo(dir.resolve(".dsh"));
  }

  @Test
  void aRelativeHomeIsTakenFromTheWorkingFolder() {
    DshHome home = DshHome.locate(Optional.of("relative-home"), env());

    assertThat(home.root()).isAbsolute().isEqualTo(Path.of("relative-home").toAbsolutePath());
  }

  @Test
  void thePathsInsideTheHome() {
    DshHome home = new DshHome(dir);

    assertThat(home.plugins()).isEqualTo(dir.resolve("plugins"));
    assertThat(home.profileFile("default")).isEqualTo(dir.resolve("profiles/default/profile.yml"));
  }

  @Test
  void aProfileNameCannotLeaveTheProfilesFolder() {
    DshHome home = new DshHome(dir);
    for (String bad : new String[] {"..", "../x", "a/b", "", ".hidden"}) {
      assertThatThrownBy(() -> home.profile(bad)).as(bad).isInstanceOf(ProfileException.class)
          .hasMessageStartingWith("invalid profile name");
    }
  }
}
