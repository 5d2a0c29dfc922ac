package dev.dsh.host.internal.home;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A read is refused on the declared size unread, or after the cap and one byte when it lied. */
class CappedReadTest {

  private static final int CAP = 8;

  @TempDir Path dir;

  @Test
  void aFileUpToTheCapIsReadWhole() throws IOException {
    Path file = Files.writeString(dir.resolve("f"), "12345678");

    assertThat(readFile(file)).asString().isEqualTo("12345678");
  }

  @Test
  void aFileOverTheCapIsRefusedWithItsSize() throws IOException {
    Path file = Files.writeString(dir.resolve("f"), "123456789");

    assertThatThrownBy(() -> readFile(file)).isInstanceOf(Refused.class).hasMessage("9");
  }

  @Test
  void aDeclaredSizeOverTheCapIsRefusedWithoutReadingTheSource() {
    CountingStream source = new CountingStream();

    assertThatThrownBy(() -> CappedRead.read(9, source, CAP, Refused::new)).hasMessage("9");
    assertThat(source.read).isZero();
    assertThat(source.closed).isTrue();
  }

  @Test
  void aSourceLongerThanItDeclaredIsRefusedAfterTheCapAndOneByte() {
    CountingStream endless = new CountingStream();

    assertThatThrownBy(() -> CappedRead.read(2, endless, CAP, Refused::new))
        .isInstanceOf(Refused.class)
        .hasMessage("-1");
    assertThat(endless.read).isEqualTo(CAP + 1);
    assertThat(endless.closed).isTrue();
  }

  @Test
  void anUnknownSizeUpToTheCapIsRead() throws IOException {
    byte[] bytes =
        CappedRead.read(-1, new ByteArrayInputStream(new byte[] {1, 2, 3}), CAP, Refused::new);

    assertThat(bytes).containsExactly(1, 2, 3);
  }

  private static byte[] readFile(Path file) throws IOException {
    return CappedRead.read(Files.size(file), Files.newInputStream(file), CAP, Refused::new);
  }

  private static final class Refused extends RuntimeException {
    private static final long serialVersionUID = 1L;

    Refused(long size) {
      super(Long.toString(size));
    }
  }

  /** Bytes without end, counting how many were taken. */
  private static final class CountingStream extends InputStream {
    int read;
    boolean closed;

    @Override
    public int read() {
      read++;
      return 'x';
    }

    @Override
    public void close() {
      closed = true;
    }
  }
}
