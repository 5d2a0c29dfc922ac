package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.HostOptions;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The home and profile the properties boot, found as the dsh command finds them. */
class DshPropertiesTest {

  @TempDir Path folder;

  private LaunchEnvironment env() {
    return LaunchEnvironment.of(Map.of("DSH_HOME", folder.resolve("srv-dsh").toString(),
        "HOME", folder.resolve("user").toString()));
  }

  @Test
  void dshHomeWinsOverTheEnvironment() {
    HostOptions options = new DshProperties(true, folder.resolve("opt-dsh").toString(), "work")
        .hostOptions(env());

    assertThat(options.home().root()).isEqualTo(folder.resolve("opt-dsh"));
    assertThat(options.profile()).isEqualTo("work");
  }

  @Test
  void withoutDshHomeTheHomeIsDshHomeVariable() {
    assertThat(new DshProperties(true, null, "default").hostOptions(env()).home().root())
        .isEqualTo(folder.resolve("srv-dsh"));
  }

  @Test
  void aBlankDshHomeCountsAsNotGiven() {
    assertThat(new DshProperties(true, "  ", "default").hostOptions(env()).home().root())
        .isEqualTo(folder.resolve("srv-dsh"));
  }

  @Test
  void withoutEitherTheHomeIsDotDshInTheUsersHome() {
    LaunchEnvironment env = LaunchEnvironment.of(Map.of("HOME", folder.resolve("user").toString()));

    assertThat(new DshProperties(true, null, "default").hostOptions(env).home().root())
        .isEqualTo(folder.resolve("user/.dsh"));
  }
}
