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

/** {@code dsh credentials set | unset | list}, run in {@code cli}: the credentials row's store. */
record CredentialsCommand(Cli cli) {

  @Command(name = "credentials", description = "Store, remove and list credentials. Values are"
      + " never printed.")
  static final class Group extends Subcommands.UsageOnly {}

  @Command(name = "set", description = "Store a credential. The value is read from standard input"
      + " (a terminal prompts without echo), never from the command line.")
  final class SetCredential implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "REF", description = "The credential name.")
    String ref = "";

    @Parameters(index = "1..*", hidden = true)
    List<String> extra = List.of();

    @Override
    public Integer call() {
      CredentialRef name = CredentialRef.of(ref);
      String example = "e.g. 'dsh credentials set " + name.name() + " < key.txt'";
      if (!extra.isEmpty()) { // never echoed: most likely the secret itself
        throw new UsageException("dsh credentials set reads the value from standard input, never"
            + " from the command line (" + example + ")");
      }
      Console console = cli.io.in() == System.in ? System.console() : null;
      char[] typed = console == null ? null : console.readPassword("Value for %s: ", name.name());
      if (console != null && typed == null) {
        throw new UsageException("no value given");
      }
      try {
        String value = typed != null ? new String(typed)
            : new String(cli.io.in().readAllBytes(), StandardCharsets.UTF_8);
        if (value.isBlank()) { // said here, where the door is known
          throw new UsageException("cannot store " + name.name() + ": the value is empty"
              + " (standard input held nothing but white space); give the key on standard input, "
              + example);
        }
        service(Host.inspect(cli.hostOptions())).set(name, value);
      } catch (IOException e) {
        throw new UncheckedIOException("could not read the value from standard input", e);
      }
      cli.io.out().println("stored " + name.name());
      return DshMain.OK;
    }
  }

  @Command(name = "unset", description = "Remove a stored credential.")
  final class UnsetCredential implements Callable<Integer> {
    @Parameters(paramLabel = "REF", description = "The credential name.")
    String ref = "";

    @Override
    public Integer call() {
      boolean removed = service(Host.inspect(cli.hostOptions())).unset(CredentialRef.of(ref));
      cli.io.out().println((removed ? "removed " : "nothing stored for ") + ref);
      return DshMain.OK;
    }
  }

  @Command(name = "list", description = "List known credentials: configured or not, and the"
      + " source. Never the values.")
  final class ListCredentials implements Callable<Integer> {
    @Override
    public Integer call() {
      HostInspection inspection = Host.inspect(cli.hostOptions());
      CredentialService service = service(inspection);
      Set<String> names = new TreeSet<>(inspection.credentialRefs());
      service.list().forEach(description -> names.add(description.ref().name()));
      for (String name : names) {
        CredentialDescription said = service.describe(CredentialRef.of(name));
        cli.io.out().println(name + "\t" + (said.configured()
            ? "configured\t" + said.sourceOpt().orElseThrow().id() : "not configured\t-"));
      }
      return DshMain.OK;
    }
  }

  private CredentialService service(HostInspection inspection) {
    CredentialService service = inspection.credentials();
    inspection.notes().forEach(cli::errLine);
    return service;
  }
}
