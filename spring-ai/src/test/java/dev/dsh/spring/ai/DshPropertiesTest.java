package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.HostOptions;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The home and profile the properties boot, found as the dsh command finds them. */
class DshPropertiesTest {

  private static final LaunchEnvironment ENV =
      LaunchEnvironment.of(Map.of("DSH_HOME", "/srv/dsh", "HOME", "/home/ada"));

  @Test
  void dshHomeWinsOverTheEnvironment() {
    HostOptions options = new DshProperties(true, "/opt/dsh", "work").hostOptions(ENV);

    assertThat(options.home().root()).isEqualTo(Path.of("/opt/dsh"));
    assertThat(options.profile()).isEqualTo("work");
  }

  @Test
  void withoutDshHomeTheHomeIsDshHomeVariable() {
    assertThat(new DshProperties(true, null, "default").hostOptions(ENV).home().root())
        .isEqualTo(Path.of("/srv/dsh"));
  }

  @Test
  void aBlankDshHomeCountsAsNotGiven() {
    assertThat(new DshProperties(true, "  ", "default").hostOptions(ENV).home().root())
        .isEqualTo(Path.of("/srv/dsh"));
  }

  @Test
  void withoutEitherTheHomeIsDotDshInTheUsersHome() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("HOME", "/home/ada"));

    assertThat(new DshProperties(true, null, "default").hostOptions(env).home().root())
        .isEqualTo(Path.of("/home/ada/.dsh"));
  }
}
