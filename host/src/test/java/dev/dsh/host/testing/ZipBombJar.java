package dev.dsh.host.testing;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

/**
 * Writes a plugin jar with one entry of zeros that unpacks to gigabytes, in a second or so and a
 * few megabytes: the zeros are deflated one 1 MiB block at a time with a full flush, which makes
 * every block's compressed bytes the same, so the block is compressed once and written many times.
 * The archive is written by hand (local headers, central directory, end record) so its central
 * directory may also declare a size the data does not have.
 */
public final class ZipBombJar {

  private static final int BLOCK = 1024 * 1024;

  private record Entry(String name, byte[] head, long repeat, byte[] repeated, byte[] tail,
      long crc, long declaredSize) {}

  private ZipBombJar() {}

  /**
   * A jar for {@code pluginId} (manifest and extension index) whose {@code data.bin} unpacks to
   * {@code unpackedMiB} MiB of zeros while the central directory declares {@code declaredSize}
   * bytes (pass {@code unpackedMiB * 1 MiB} for an honest header).
   */
  public static Path write(Path file, String pluginId, long unpackedMiB, long declaredSize)
      throws IOException {
    List<Entry> entries = new ArrayList<>();
    entries.add(small("META-INF/MANIFEST.MF",
        "Manifest-Version: 1.0\r\nPlugin-Id: " + pluginId + "\r\nPlugin-Version: 1.0.0\r\n\r\n"));
    entries.add(small("META-INF/extensions.idx", "test.bomb.Entry\n"));
    entries.add(zeros("data.bin", unpackedMiB, declaredSize));
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
      Counting counted = new Counting(out);
      long[] offsets = new long[entries.size()];
      for (int i = 0; i < entries.size(); i++) {
        Entry entry = entries.get(i);
        offsets[i] = counted.written;
        counted.header(0x04034b50, false, entry, 0);
        counted.write(entry.head());
        for (long r = 0; r < entry.repeat(); r++) {
          counted.write(entry.repeated());
        }
        counted.write(entry.tail());
      }
      long directory = counted.written;
      for (int i = 0; i < entries.size(); i++) {
        counted.header(0x02014b50, true, entries.get(i), offsets[i]);
      }
      long directorySize = counted.written - directory;
      counted.int32(0x06054b50);
      counted.int16(0);
      counted.int16(0);
      counted.int16(entries.size());
      counted.int16(entries.size());
      counted.int32(directorySize);
      counted.int32(directory);
      counted.int16(0);
    }
    return file;
  }

  private static Entry small(String name, String text) {
    byte[] data = text.getBytes(StandardCharsets.UTF_8);
    Deflater deflater = new Deflater(Deflater.DEFAULT_COMPRESSION, true);
    deflater.setInput(data);
    deflater.finish();
    byte[] packed = drain(deflater, Deflater.NO_FLUSH);
    deflater.end();
    CRC32 crc = new CRC32();
    crc.update(data);
    return new Entry(name, packed, 0, new byte[0], new byte[0], crc.getValue(), data.length);
  }

  private static Entry zeros(String name, long mebibytes, long declaredSize) {
    byte[] block = new byte[BLOCK];
    Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION, true);
    deflater.setInput(block);
    byte[] first = drain(deflater, Deflater.FULL_FLUSH);
    deflater.setInput(block);
    byte[] second = drain(deflater, Deflater.FULL_FLUSH);
    if (!Arrays.equals(first, second)) {
      throw new IllegalStateException("a full flush did not make the blocks repeat");
    }
    deflater.finish();
    byte[] tail = drain(deflater, Deflater.NO_FLUSH);
    deflater.end();
    CRC32 crc = new CRC32();
    for (long i = 0; i < mebibytes; i++) {
      crc.update(block);
    }
    // Two blocks went into the deflater before its end; the stream repeats the first mebibytes times.
    return new Entry(name, new byte[0], mebibytes, first, tail, crc.getValue(), declaredSize);
  }

  private static byte[] drain(Deflater deflater, int flush) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[8192];
    while (true) {
      int n = deflater.deflate(buffer, 0, buffer.length, flush);
      out.write(buffer, 0, n);
      if (flush == Deflater.NO_FLUSH ? deflater.finished() : n < buffer.length && deflater.needsInput()) {
        return out.toByteArray();
      }
    }
  }

  private static final class Counting {
    private final OutputStream out;
    long written;

    Counting(OutputStream out) {
      this.out = out;
    }

    void header(int signature, boolean central, Entry entry, long offset) throws IOException {
      byte[] name = entry.name().getBytes(StandardCharsets.UTF_8);
      long packed = entry.head().length + entry.repeat() * entry.repeated().length + entry.tail().length;
      int32(signature);
      if (central) {
        int16(20); // made by
      }
      int16(20); // needed
      int16(0); // flags
      int16(8); // deflated
      int16(0); // time
      int16(0x21); // date: 1980-01-01
      int32(entry.crc());
      int32(packed);
      int32(entry.declaredSize());
      int16(name.length);
      int16(0); // extra
      if (central) {
        int16(0); // comment
        int16(0); // disk
        int16(0); // internal attributes
        int32(0); // external attributes
        int32(offset);
      }
      write(name);
    }

    void int16(int value) throws IOException {
      out.write(value & 0xff);
      out.write((value >>> 8) & 0xff);
      written += 2;
    }

    void int32(long value) throws IOException {
      int16((int) (value & 0xffff));
      int16((int) ((value >>> 16) & 0xffff));
    }

    void write(byte[] bytes) throws IOException {
      out.write(bytes);
      written += bytes.length;
    }
  }
}
