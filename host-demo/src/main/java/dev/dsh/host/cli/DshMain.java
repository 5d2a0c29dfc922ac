package dev.dsh.host.cli;

import dev.dsh.api.env.LaunchEnvironment;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** The {@code dsh} executable: runs {@link Dsh} on the process's streams and environment. */
public final class DshMain {

  /** Set by the launcher: the distribution folder holding {@code bundled-plugins/}. */
  static final String DISTRIBUTION_PROPERTY = "dsh.distribution";

  private DshMain() {}

  public static void main(String[] args) {
    Optional<Path> bundled =
        Optional.ofNullable(System.getProperty(DISTRIBUTION_PROPERTY))
            .map(dist -> Path.of(dist, "bundled-plugins", "dsh-web-search-yuanbao.jar"));
    CliIo io =
        new CliIo(
            System.in,
            new PrintStream(System.out, true, StandardCharsets.UTF_8),
            new PrintStream(System.err, true, StandardCharsets.UTF_8),
            LaunchEnvironment.system(),
            bundled);
    System.exit(Dsh.run(io, args));
  }
}
