package dev.dsh.host.internal.home;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongFunction;

/**
 * Reads bytes whole up to a cap: refused on the size they declare before any is read, and again
 * when they run past the cap (a file growing meanwhile, an entry lying about its size).
 */
public final class CappedRead {

  /** Opens the bytes to read; the read closes the stream. */
  @FunctionalInterface
  public interface Source {
    InputStream open() throws IOException;
  }

  private CappedRead() {}

  /** {@code tooLarge} gets the declared size (negative: unknown), or -1 when the bytes ran past. */
  public static byte[] read(
      long declaredSize, Source source, int cap, LongFunction<? extends RuntimeException> tooLarge)
      throws IOException {
    if (declaredSize > cap) {
      throw tooLarge.apply(declaredSize);
    }
    try (InputStream in = source.open()) {
      byte[] bytes = in.readNBytes(cap + 1);
      if (bytes.length > cap) {
        throw tooLarge.apply(-1);
      }
      return bytes;
    }
  }
}
