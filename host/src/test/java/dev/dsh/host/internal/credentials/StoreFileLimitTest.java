package dev.dsh.host.internal.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.credentials.CredentialsPlugin.HostCredentialService;
import dev.dsh.host.model.FileAccessException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The credential store is read through the one capped read of the home, like the
 * profile files and the jar entries: a store over 1 MiB is refused before a byte of it is read,
 * with the file, the cap and the fix, and the process goes on; a write never makes a store that
 * would not read back.
 */
class StoreFileLimitTest {

  private static final CredentialRef KEY = CredentialRef.of("TENCENTCLOUD_WSA_APIKEY");
  private static final CredentialRef OTHER = CredentialRef.of("OTHER_KEY");

  @TempDir Path dir;

  @Test
  void aStoreOverOneMebibyteIsRefusedUnreadNamingTheFileTheCapAndTheFixAndTheServiceGoesOn()
      throws IOException {
    Path file = dir.resolve("credentials.json");
    try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
      sparse.setLength(3L << 30); // 3 GiB of nothing: more than one array could ever hold
    }
    HostCredentialService service = new HostCredentialService(
        new FileCredentialStore(file, warning -> {}),
        LaunchEnvironment.of(Map.of(KEY.name(), "sk-from-the-environment")));

    assertThatThrownBy(() -> service.describe(KEY))
        .isInstanceOf(FileAccessException.class)
        .hasMessage(refused(file, 3L << 30));
    assertThatThrownBy(() -> service.set(KEY, "sk-new"))
        .isInstanceOf(FileAccessException.class)
        .hasMessage(refused(file, 3L << 30));
    assertThat(Files.size(file)).isEqualTo(3L << 30);

    Files.write(file, new byte[(1 << 20) + 1]);
    assertThatThrownBy(() -> service.describe(KEY)).hasMessage(refused(file, (1 << 20) + 1));

    // The file fixed, the same service reads it again.
    Files.delete(file);
    assertThat(service.describe(KEY).source()).isEqualTo(CredentialSource.ENV);
    service.set(KEY, "sk-stored");
    assertThat(service.describe(KEY).source()).isEqualTo(CredentialSource.STORE);
  }

  @Test
  void aWriteThatWouldTakeTheStoreOverTheCapIsRefusedAndTheStoreIsKept() throws IOException {
    Path file = dir.resolve("credentials.json");
    FileCredentialStore store = new FileCredentialStore(file, warning -> {});
    store.write(KEY, "sk-small");
    byte[] before = Files.readAllBytes(file);

    assertThatThrownBy(() -> store.write(OTHER, "x".repeat(FileCredentialStore.MAX_BYTES)))
        .isInstanceOf(IllegalArgumentException.class)
        .message().matches("cannot write the credential store \\Q" + file
            + "\\E: it would be \\d+ bytes, over the 1 MiB a store may hold");
    assertThat(file).hasBinaryContent(before);
    assertThat(store.read(KEY)).contains("sk-small");
  }

  private static String refused(Path file, long size) {
    return "credential store " + file + " is corrupt: it is too large (" + size + " bytes), and a"
        + " store may be at most 1 MiB (1048576 bytes); it was not read; fix or remove the file"
        + " (dsh does not overwrite it while it is corrupt)";
  }
}
