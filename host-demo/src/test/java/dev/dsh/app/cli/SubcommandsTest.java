package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class SubcommandsTest {

  private final Cli cli =
      new Cli(
          new Cli.Io(
              new ByteArrayInputStream(new byte[0]),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              LaunchEnvironment.of(Map.of()),
              Optional.empty()));

  private Set<String> built(String... args) {
    CommandLine root = new CommandLine(new DshMain(cli));
    Subcommands.addTo(root, cli, args);
    return root.getSubcommands().keySet();
  }

  @Test
  void onlyTheCommandsTheArgumentsNameAreBuilt() {
    assertThat(built("search", "q")).containsExactly("search");
    assertThat(built("--home", "run", "mcp")).containsExactly("run", "mcp");
    assertThat(built("--profile=x", "--dump-config", "tool")).containsExactly("tool");
    CommandLine one = new CommandLine(new DshMain(cli));
    Subcommands.addTo(one, cli, new String[] {"credentials", "list"});
    assertThat(one.getSubcommands()).containsOnlyKeys("credentials");
    assertThat(one.getSubcommands().get("credentials").getSubcommands())
        .containsOnlyKeys("set", "unset", "list");
  }

  @Test
  void allAreBuiltWhenNoneIsNamed() {
    for (String[] args : new String[][] {{}, {"--help"}, {"serch", "q"}, {"--home"}}) {
      assertThat(built(args))
          .containsExactly("search", "tool", "run", "mcp", "serve", "plugin", "credentials");
    }
  }
}
