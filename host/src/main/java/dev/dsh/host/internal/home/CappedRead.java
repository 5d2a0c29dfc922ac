package dev.dsh.host.internal.home;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongFunction;

/** Reads bytes whole up to a cap: refused on their declared size, and again when they run past. */
public final class CappedRead {

  private CappedRead() {}

  /** Reads and closes {@code in}; {@code tooLarge} gets the declared size, or -1 past the cap. */
  public static byte[] read(long declaredSize, InputStream in, int cap,
      LongFunction<? extends RuntimeException> tooLarge) throws IOException {
    try (in) {
      if (declaredSize > cap) {
        throw tooLarge.apply(declaredSize);
      }
      byte[] bytes = in.readNBytes(cap + 1);
      if (bytes.length > cap) {
        throw tooLarge.apply(-1);
      }
      return bytes;
    }
  }
}
