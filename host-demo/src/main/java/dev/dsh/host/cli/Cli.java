package dev.dsh.host.cli;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.host.app.HostOptions;
import dev.dsh.host.home.DshHome;

/** What every command of one invocation shares: the streams and the global options. */
final class Cli {

  final CliIo io;
  final GlobalOptions globals = new GlobalOptions();

  Cli(CliIo io) {
    this.io = io;
  }

  DshHome home() {
    return globals.home(io);
  }

  /**
   * Host options whose lifecycle and problem lines go to stderr, prefixed {@code dsh: }, with URL
   * user-info hidden.
   */
  HostOptions hostOptions() {
    return globals.hostOptions(io, line -> io.err().println("dsh: " + UrlUserInfo.redact(line)));
  }
}
