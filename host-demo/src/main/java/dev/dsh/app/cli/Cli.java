package dev.dsh.app.cli;

import dev.dsh.api.config.UrlUserInfo;
import dev.dsh.app.demo.ReplayServer;
import dev.dsh.host.HostOptions;
import org.jspecify.annotations.Nullable;

/** What the commands of one invocation share: streams, global options, the demo's endpoint. */
final class Cli implements AutoCloseable {

  final CliIo io;
  final GlobalOptions globals = new GlobalOptions();
  private @Nullable ReplayServer demo;

  Cli(CliIo io) {
    this.io = io;
  }

  void errLine(String line) {
    io.err().println("dsh: " + line);
  }

  /** Host options whose lifecycle and problem lines go to stderr, URL user-info hidden. */
  HostOptions hostOptions() {
    return globals.hostOptions(io, line -> errLine(UrlUserInfo.redact(line)));
  }

  HostOptions bootOptions() {
    return booting(hostOptions());
  }

  /** {@code options} ready to boot: for the demo profile, the home prepared and the layer added. */
  HostOptions booting(HostOptions options) {
    if (!options.profile().equals(ReplayServer.DEMO_PROFILE)) {
      return options;
    }
    if (demo == null) {
      demo = ReplayServer.forDemo(options, io.bundledPlugin());
    }
    return demo.applyTo(options);
  }

  @Override
  public void close() {
    if (demo != null) {
      demo.close();
    }
  }
}
