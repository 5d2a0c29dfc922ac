package dev.dsh.app.cli;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** The {@code dsh} executable: {@link Dsh} on the process's streams, exiting through {@link ExitGuard}. */
public final class DshMain {

  /** Set by the launcher: the distribution folder holding {@code bundled-plugins/}. */
  static final String DISTRIBUTION_PROPERTY = "dsh.distribution";

  private DshMain() {}

  public static void main(String[] args) {
    Optional<Path> bundled = Optional.ofNullable(System.getProperty(DISTRIBUTION_PROPERTY))
        .map(dist -> Path.of(dist, "bundled-plugins", "dsh-web-search-yuanbao.jar"));
    CliIo io = new CliIo(System.in, new PrintStream(System.out, true, StandardCharsets.UTF_8),
        new PrintStream(System.err, true, StandardCharsets.UTF_8), LaunchEnvironment.system(),
        bundled);
    ExitGuard.install(io.err());
    int status;
    try {
      status = Dsh.run(io, args);
    } catch (RuntimeException | Error e) {
      // Dsh.run maps every failure it can to a status; this one escaped it. Exiting here keeps
      // dsh's mark on the exit, which the JVM ending on an uncaught exception would not have.
      io.err().println("dsh: internal error: " + e);
      status = ExitCodes.INTERNAL;
    }
    ExitGuard.exit(status);
  }
}
