package dev.dsh.host.internal.plugins;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.model.PluginLoadException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.List;
import java.util.Optional;
import java.util.zip.CRC32;
import java.util.zip.CheckedInputStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Reads a jar's entries without ever holding one whole in memory: the few small files the host
 * needs are read with a size cap, every other entry is streamed through a CRC check and counted
 * against a limit on the jar's unpacked size. A zip bomb (an entry that claims or inflates to
 * gigabytes) is refused after at most {@link #MAX_UNPACKED} bytes of work, never by running out of
 * memory.
 */
final class JarEntries {

  /** The largest manifest, extension index, bundle patch or schema the host reads. */
  static final int MAX_METADATA = 1024 * 1024;

  /** The most a plugin jar may unpack to, all entries together. */
  static final long MAX_UNPACKED = 256L * 1024 * 1024;

  private final ZipFile zip;
  private final Path shownAs;

  JarEntries(ZipFile zip, Path shownAs) {
    this.zip = zip;
    this.shownAs = shownAs;
  }

  /** The entry's text (UTF-8), or empty when the jar has no such entry. */
  Optional<String> text(String name) throws IOException {
    return bytes(name).map(bytes -> new String(bytes, StandardCharsets.UTF_8));
  }

  /** The entry's bytes, or empty when the jar has no such entry. */
  Optional<byte[]> bytes(String name) throws IOException {
    ZipEntry entry = zip.getEntry(name);
    if (entry == null || entry.isDirectory()) {
      return Optional.empty();
    }
    return Optional.of(CappedRead.read(entry.getSize(), () -> zip.getInputStream(entry),
        MAX_METADATA, size -> tooLarge(name, size, MAX_METADATA)));
  }

  /** Whether the jar has an entry of that name. */
  boolean has(String name) {
    return zip.getEntry(name) != null;
  }

  /** The first class file under one of {@code packages}, if any. */
  Optional<String> firstClassUnder(List<String> packages) {
    return zip.stream()
        .map(ZipEntry::getName)
        .filter(name -> name.endsWith(".class") && packages.stream().anyMatch(name::startsWith))
        .findFirst();
  }

  /**
   * Streams every entry through its CRC check, counting the unpacked bytes.
   *
   * @throws PluginLoadException when the jar unpacks to more than {@link #MAX_UNPACKED} bytes or an
   *     entry's CRC does not match
   */
  void checkAll() throws IOException {
    long declared = 0;
    for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements(); ) {
      ZipEntry entry = all.nextElement();
      declared += Math.max(0, entry.getSize());
      if (declared > MAX_UNPACKED) {
        // Refused on the sizes the archive declares, before inflating anything.
        throw tooLarge(entry.getName(), entry.getSize(), MAX_UNPACKED);
      }
    }
    long unpacked = 0;
    byte[] buffer = new byte[64 * 1024];
    for (Enumeration<? extends ZipEntry> all = zip.entries(); all.hasMoreElements(); ) {
      ZipEntry entry = all.nextElement();
      CRC32 crc = new CRC32();
      try (CheckedInputStream in = new CheckedInputStream(zip.getInputStream(entry), crc)) {
        for (int read = in.read(buffer); read >= 0; read = in.read(buffer)) {
          unpacked += read;
          if (unpacked > MAX_UNPACKED) {
            // The declared size lied: the entry inflates to more than it claims.
            throw tooLarge(entry.getName(), -1, MAX_UNPACKED);
          }
        }
      }
      if (entry.getCrc() != -1 && entry.getCrc() != crc.getValue()) {
        throw new PluginLoadException(
            shownAs,
            "not a valid jar (" + entry.getName() + " fails its CRC check)");
      }
    }
  }

  private PluginLoadException tooLarge(String name, long size, long limit) {
    String detail =
        limit == MAX_METADATA
            ? name + " is over the " + mebibytes(limit) + " limit for the files the host reads"
            : "it unpacks to more than the "
                + mebibytes(limit)
                + " limit for a plugin jar ("
                + name
                + (size >= 0 ? " alone declares " + mebibytes(size) : " inflates past it")
                + ")";
    return new PluginLoadException(
        shownAs, "refused: " + detail);
  }

  private static String mebibytes(long bytes) {
    long mib = bytes / (1024 * 1024);
    return mib >= 1 ? mib + " MiB" : bytes + " bytes";
  }
}
