package dev.dsh.host.credentials;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.SortedMap;
import org.jspecify.annotations.Nullable;

/**
 * The store file as parsed at {@code readAt}, for {@link FileCredentialStore}'s cache.
 *
 * @param state the file's state when read; absent for no file
 * @param digest the SHA-256 of the bytes read
 * @param values the parsed values
 * @param readAt when the read started (epoch millis)
 */
record StoreSnapshot(
    @Nullable FileState state, byte[] digest, SortedMap<String, String> values, long readAt) {

  /** What identifies one version of the file without reading it. */
  record FileState(long size, long modifiedMillis, @Nullable Object fileKey) {}

  /**
   * Whether a later write would necessarily show in the file's state: the read happened after the
   * file's modification tick had passed.
   */
  boolean trusted() {
    return state == null
        || readAt > state.modifiedMillis() + FileCredentialStore.CLOCK_GRANULARITY_MS;
  }

  static byte[] digest(byte[] content) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(content);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }

  @Override
  public String toString() {
    return "StoreSnapshot[" + values.size() + " values]";
  }
}
