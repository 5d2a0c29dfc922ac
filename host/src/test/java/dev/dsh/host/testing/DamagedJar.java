package dev.dsh.host.testing;

import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.zip.CRC32;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

/**
 * A jar only the CRC and size pass refuses, and a verdict for it in a home's cache: how a test sees
 * whether a path runs the pass again over bytes that passed it once. PF4J and the host's small-file
 * reads never open the damaged entry, so a jar whose verdict is trusted reads and loads.
 */
public final class DamagedJar {

  private static final String PROBE = "a stored entry whose bytes are damaged after writing";

  private DamagedJar() {}

  /** Writes {@code good} with one more entry, stored, whose bytes no longer match its CRC. */
  public static Path write(Path good, Path target) {
    byte[] text = PROBE.getBytes(StandardCharsets.UTF_8);
    try {
      try (ZipFile in = new ZipFile(good.toFile());
          ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(target))) {
        for (ZipEntry entry : Collections.list(in.entries())) {
          out.putNextEntry(new ZipEntry(entry.getName()));
          try (InputStream bytes = in.getInputStream(entry)) {
            bytes.transferTo(out);
          }
          out.closeEntry();
        }
        ZipEntry stored = new ZipEntry("probe.txt");
        stored.setMethod(ZipEntry.STORED);
        stored.setSize(text.length);
        CRC32 crc = new CRC32();
        crc.update(text);
        stored.setCrc(crc.getValue());
        out.putNextEntry(stored);
        out.write(text);
        out.closeEntry();
      }
      byte[] bytes = Files.readAllBytes(target);
      int at = indexOf(bytes, text);
      if (at < 0) {
        throw new IllegalStateException("the stored entry's bytes are not in " + target);
      }
      bytes[at] ^= 1;
      Files.write(target, bytes);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Puts in {@code home}'s cache the checked copy a load of {@code jar} as it is now would leave,
   * {@code .cache/plugins/<id>-<sha256>-<stamp>.jar}: as if these very bytes had passed the check.
   */
  public static void vouchFor(Path home, Path jar, String pluginId) {
    try {
      Path cache = Files.createDirectories(home.resolve(".cache/plugins"));
      String name = pluginId + "-" + Sha256.ofFile(jar).orElseThrow() + "-"
          + FileStamp.read(jar).token() + ".jar";
      Files.copy(jar, cache.resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    outer:
    for (int i = 0; i + part.length <= bytes.length; i++) {
      for (int j = 0; j < part.length; j++) {
        if (bytes[i + j] != part[j]) {
          continue outer;
        }
      }
      return i;
    }
    return -1;
  }
}
