package dev.dsh.serve.internal.console;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.jspecify.annotations.Nullable;

/**
 * Failed sign-ins per remote address: past {@link #MAX_FAILURES} in a {@link #WINDOW}, further
 * attempts from that address are refused until the window ends. The map is bounded: past {@link
 * #MAX_ADDRESSES}, the address that failed first is forgotten. Its few short methods share one
 * lock.
 */
final class SignInLimiter {

  static final int MAX_FAILURES = 5;
  static final Duration WINDOW = Duration.ofMinutes(1);
  static final int MAX_ADDRESSES = 10_000;

  /** An address's failures in the window that began at {@code start}. */
  private record Failures(Instant start, int count) {}

  private final Clock clock;
  private final Map<String, Failures> failures = new LinkedHashMap<>() {
    private static final long serialVersionUID = 1L;

    @Override
    protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
      return size() > MAX_ADDRESSES;
    }
  };

  SignInLimiter(Clock clock) {
    this.clock = clock;
  }

  /** The seconds {@code address} must wait before its next attempt; empty when it may try now. */
  synchronized OptionalLong retryAfter(String address) {
    Failures seen = current(address);
    if (seen == null || seen.count() < MAX_FAILURES) {
      return OptionalLong.empty();
    }
    long left = Duration.between(clock.instant(), seen.start().plus(WINDOW)).toSeconds();
    return OptionalLong.of(Math.max(1, left + 1));
  }

  /** {@code address} gave a wrong token. */
  synchronized void failed(String address) {
    Failures seen = current(address);
    failures.put(address, seen == null ? new Failures(clock.instant(), 1)
        : new Failures(seen.start(), seen.count() + 1));
  }

  private @Nullable Failures current(String address) {
    Failures seen = failures.get(address);
    if (seen != null && !seen.start().plus(WINDOW).isAfter(clock.instant())) {
      failures.remove(address);
      return null;
    }
    return seen;
  }
}
