package dev.dsh.app.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs JMH with the given arguments after creating the folder of the {@code -rff} result file,
 * which JMH does not create itself.
 */
public final class BenchMain {

  private BenchMain() {}

  public static void main(String[] args) throws IOException {
    for (int i = 0; i + 1 < args.length; i++) {
      if (args[i].equals("-rff")) {
        Path parent = Path.of(args[i + 1]).toAbsolutePath().getParent();
        Files.createDirectories(parent);
      }
    }
    org.openjdk.jmh.Main.main(args);
  }
}
