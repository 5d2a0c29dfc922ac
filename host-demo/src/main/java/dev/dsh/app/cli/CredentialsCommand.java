package dev.dsh.app.cli;

import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.host.Host;
import dev.dsh.host.HostInspection;
import java.io.Console;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code dsh credentials set | unset | list}: the store of the profile's credentials row. */
final class CredentialsCommand {

  private CredentialsCommand() {}

  @Command(
      name = "credentials",
      mixinStandardHelpOptions = true,
      description = "Store, remove and list credentials. Values are never printed.")
  static final class Group extends UsageOnly {}

  @Command(
      name = "set",
      mixinStandardHelpOptions = true,
      description =
          "Store a credential. The value is read from standard input (a terminal prompts without"
              + " echo), never from the command line.")
  static final class SetCredential implements Callable<Integer> {
    private final Cli cli;

    @Parameters(index = "0", paramLabel = "REF", description = "The credential name.")
    String ref = "";

    @Parameters(index = "1..*", hidden = true)
    List<String> extra = List.of();

    SetCredential(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      if (!extra.isEmpty()) {
        // Never echo the extra words: they are most likely the secret itself.
        throw new UsageException(
            "dsh credentials set reads the value from standard input, never from the command line"
                + " (e.g. 'dsh credentials set " + CredentialRef.of(ref).name() + " < key.txt')");
      }
      CredentialRef name = CredentialRef.of(ref);
      String value = readValue(name);
      if (value.isBlank()) {
        // Said here, where the door is known: the store's own rule would explain header characters.
        throw new UsageException(
            "cannot store " + name.name() + ": the value is empty (standard input held nothing but"
                + " white space); give the key on standard input, e.g. 'dsh credentials set "
                + name.name() + " < key.txt'");
      }
      service(cli).set(name, value);
      cli.io.out().println("stored " + name.name());
      return ExitCodes.OK;
    }

    private String readValue(CredentialRef name) {
      Console console = System.console();
      if (console != null && cli.io.in() == System.in) {
        char[] typed = console.readPassword("Value for %s: ", name.name());
        if (typed == null) {
          throw new UsageException("no value given");
        }
        return new String(typed);
      }
      try {
        return new String(cli.io.in().readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException("could not read the value from standard input", e);
      }
    }
  }

  @Command(name = "unset", mixinStandardHelpOptions = true, description = "Remove a stored credential.")
  static final class UnsetCredential implements Callable<Integer> {
    private final Cli cli;

    @Parameters(paramLabel = "REF", description = "The credential name.")
    String ref = "";

    UnsetCredential(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      CredentialRef name = CredentialRef.of(ref);
      boolean removed = service(cli).unset(name);
      cli.io.out().println((removed ? "removed " : "nothing stored for ") + name.name());
      return ExitCodes.OK;
    }
  }

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List known credentials: configured or not, and the source. Never the values.")
  static final class ListCredentials implements Callable<Integer> {
    private final Cli cli;

    ListCredentials(Cli cli) {
      this.cli = cli;
    }

    @Override
    public Integer call() {
      HostInspection inspection = Host.inspect(cli.hostOptions());
      CredentialService service = inspection.credentials();
      Set<String> names = new TreeSet<>(inspection.credentialRefs());
      service.list().forEach(description -> names.add(description.ref().name()));
      for (String name : names) {
        CredentialDescription description = service.describe(CredentialRef.of(name));
        cli.io.out().println(
            name + "\t"
                + (description.configured()
                    ? "configured\t" + description.sourceOpt().orElseThrow().id()
                    : "not configured\t-"));
      }
      return ExitCodes.OK;
    }
  }

  /** The credentials service the profile's {@code credentials} row would mount. */
  private static CredentialService service(Cli cli) {
    return Host.inspect(cli.hostOptions()).credentials();
  }
}
