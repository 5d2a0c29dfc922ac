package dev.dsh.app.cli;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.ProfileException;
import java.io.PrintStream;
import java.util.List;

/**
 * The provider lines of {@code dsh plugin list}: the profile booted once to list its providers'
 * readiness (local and cheap; nothing is searched), then closed.
 */
final class ProviderLines {

  private ProviderLines() {}

  /**
   * Prints {@code provider <id> <ready|not ready|unavailable> <reason or ->} per provider; a
   * profile that does not boot is one {@code dsh: providers not shown: …} line on {@code err}.
   */
  static void print(Cli cli, PrintStream out, PrintStream err) {
    List<ProviderStatus> providers;
    // Boot events are not repeated: the plugin lines above already name a jar that does not load.
    HostOptions quiet = cli.booting(cli.globals.hostOptions(cli.io, line -> {}));
    try (Host host = Host.start(quiet, LifecycleListener.none())) {
      providers = host.providers();
    } catch (ProfileException | FileAccessException e) {
      String why = String.valueOf(e.getMessage()).strip().replaceAll("\\s+", " ");
      err.println("dsh: providers not shown: " + UrlUserInfo.redact(why));
      return;
    }
    for (ProviderStatus provider : providers) {
      out.println(line(provider));
    }
  }

  static String line(ProviderStatus provider) {
    String state = provider.ready() ? "ready" : provider.available() ? "not ready" : "unavailable";
    return "provider\t" + provider.id() + "\t" + state + "\t" + provider.reasonOpt().orElse("-");
  }
}
