package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

class SubcommandsTest {

  private final Cli cli =
      new Cli(
          new CliIo(
              new ByteArrayInputStream(new byte[0]),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
              LaunchEnvironment.of(Map.of()),
              Optional.empty()));

  private CommandSpec root() {
    CommandLine root = new CommandLine(new DshCommand(cli));
    root.getCommandSpec().addMixin("global", CommandSpec.forAnnotatedObject(cli.globals));
    return root.getCommandSpec();
  }

  @Test
  void theNameIsTheFirstWordThatIsNeitherAnOptionNorItsValue() {
    assertThat(Subcommands.named(root(), new String[] {"search", "q"})).isEqualTo("search");
    assertThat(Subcommands.named(root(), new String[] {"--home", "run", "mcp"})).isEqualTo("mcp");
    assertThat(Subcommands.named(root(), new String[] {"--profile=x", "--dump-config", "tool"}))
        .isEqualTo("tool");
    assertThat(Subcommands.named(root(), new String[] {"--unknown", "plugin", "list"}))
        .isEqualTo("plugin");
  }

  @Test
  void noNameOrAnUnknownOneNamesNone() {
    assertThat(Subcommands.named(root(), new String[] {})).isNull();
    assertThat(Subcommands.named(root(), new String[] {"--help"})).isNull();
    assertThat(Subcommands.named(root(), new String[] {"serch", "q"})).isNull();
    assertThat(Subcommands.named(root(), new String[] {"--home"})).isNull();
    assertThat(Subcommands.named(root(), new String[] {"--", "search"})).isNull();
  }

  @Test
  void onlyTheNamedCommandIsBuiltAndAllWhenNoneIsNamed() {
    CommandLine one = new CommandLine(new DshCommand(cli));
    Subcommands.addTo(one, cli, new String[] {"credentials", "list"}, sub -> {});
    assertThat(one.getSubcommands()).containsOnlyKeys("credentials");
    assertThat(one.getSubcommands().get("credentials").getSubcommands())
        .containsOnlyKeys("set", "unset", "list");

    CommandLine all = new CommandLine(new DshCommand(cli));
    Subcommands.addTo(all, cli, new String[] {"--help"}, sub -> {});
    assertThat(all.getSubcommands().keySet())
        .containsExactly("search", "tool", "run", "mcp", "serve", "plugin", "credentials");
  }
}
