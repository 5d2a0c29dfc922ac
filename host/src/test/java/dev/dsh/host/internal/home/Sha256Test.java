package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SHA-256 as lower-case hex, of bytes, of a streamed digest and of a file. */
class Sha256Test {

  /** FIPS 180-2's example for "abc". */
  private static final String ABC =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  @TempDir Path dir;

  @Test
  void bytesADigestAndAFileGiveTheSameHex() throws IOException {
    byte[] abc = "abc".getBytes(StandardCharsets.US_ASCII);
    MessageDigest digest = Sha256.newDigest();
    digest.update(abc, 0, 1);
    digest.update(abc, 1, 2);

    assertThat(Sha256.of(abc)).isEqualTo(ABC);
    assertThat(Sha256.hex(digest)).isEqualTo(ABC);
    assertThat(Sha256.ofFile(Files.write(dir.resolve("abc"), abc))).contains(ABC);
  }

  @Test
  void aFileThatCannotBeReadHasNoHash() {
    assertThat(Sha256.ofFile(dir.resolve("missing"))).isEmpty();
    assertThat(Sha256.ofFile(dir)).isEmpty();
  }
}
