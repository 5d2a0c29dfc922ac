package dev.dsh.host.internal.credentials;

import dev.dsh.host.internal.home.FileStamp;
import java.util.SortedMap;
import org.jspecify.annotations.Nullable;

/**
 * The store file as parsed at {@code readAt}, for {@link FileCredentialStore}'s cache.
 *
 * @param state the file's state when read; absent for no file
 * @param digest the SHA-256 (hex) of the bytes read
 * @param values the parsed values
 * @param readAt when the read started (epoch millis)
 */
record StoreSnapshot(
    @Nullable FileStamp state, String digest, SortedMap<String, String> values, long readAt) {

  /**
   * Whether a later write would necessarily show in the file's state: the read happened after the
   * file's modification tick had passed.
   */
  boolean trusted() {
    return state == null
        || readAt > state.modified().toEpochMilli() + FileCredentialStore.CLOCK_GRANULARITY_MS;
  }

  @Override
  public String toString() {
    return "StoreSnapshot[" + values.size() + " values]";
  }
}
