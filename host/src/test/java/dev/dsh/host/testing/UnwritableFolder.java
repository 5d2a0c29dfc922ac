package dev.dsh.host.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Makes a folder unwritable for this process, whoever runs the tests: {@code chmod a-w} for a
 * user; {@code chattr +i} for root, which ignores permission bits. Skips the test when neither
 * makes a write really fail (root without the immutable attribute). {@link #close} undoes it, so
 * the temporary folder can be deleted.
 */
public final class UnwritableFolder implements AutoCloseable {

  private final Path dir;
  private final boolean immutable;
  private final List<UnwritableFolder> also = new ArrayList<>();

  private UnwritableFolder(Path dir, boolean immutable) {
    this.dir = dir;
    this.immutable = immutable;
  }

  /** Makes {@code dir} and each of {@code more} unwritable; closing undoes them all. */
  public static UnwritableFolder make(Path dir, Path... more) {
    UnwritableFolder first = lock(dir);
    for (Path other : more) {
      first.also.add(lock(other));
    }
    return first;
  }

  private static UnwritableFolder lock(Path dir) {
    try {
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("r-xr-xr-x"));
      if (!canWrite(dir)) {
        return new UnwritableFolder(dir, false);
      }
      if (chattr("+i", dir) && !canWrite(dir)) {
        return new UnwritableFolder(dir, true);
      }
      Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Assumptions.assumeTrue(false, "nothing makes " + dir + " unwritable for this process");
    throw new AssertionError("unreachable");
  }

  /** Whether creating a file in {@code dir} succeeds (the file is deleted again). */
  public static boolean canWrite(Path dir) {
    try {
      Files.delete(Files.createFile(dir.resolve(".write-probe")));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static boolean chattr(String flag, Path dir) {
    try {
      Process process = new ProcessBuilder("chattr", flag, dir.toString())
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return process.waitFor(30, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false; // no chattr on this system
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public void close() throws IOException {
    for (UnwritableFolder other : also) {
      other.close();
    }
    if (immutable && !chattr("-i", dir)) {
      throw new IOException("could not undo chattr +i on " + dir);
    }
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
  }
}
