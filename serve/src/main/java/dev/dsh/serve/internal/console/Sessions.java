package dev.dsh.serve.internal.console;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's signed-in sessions, in memory: each a random 256-bit id (the cookie) with its own
 * CSRF token, ended by sign-out or after {@link #IDLE} without use (what counts as use is the
 * caller's to say: {@link SessionGate}). Expiry is checked on each look and swept at each sign-in,
 * so no thread is needed; a restart signs everyone out.
 */
public final class Sessions {

  /** How long a session lives without use. */
  public static final Duration IDLE = Duration.ofHours(12);

  /** One session: its cookie value, its CSRF token, and when it was last used. */
  public record Session(String id, String csrf, Instant used) {
    @Override
    public String toString() {
      return "Session[used=" + used + "]"; // the id and the CSRF token are secrets
    }
  }

  private final SecureRandom random = new SecureRandom();
  private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
  private final Clock clock;

  /** Sessions whose idle time {@code clock} measures. */
  public Sessions(Clock clock) {
    this.clock = clock;
  }

  /** A new session, after forgetting those expired. */
  public Session open() {
    Instant now = clock.instant();
    open.values().removeIf(session -> expired(session, now));
    Session session = new Session(random(), random(), now);
    open.put(session.id(), session);
    return session;
  }

  /** The live session {@code id}, marked used now if {@code used}; empty if none or expired. */
  public Optional<Session> use(String id, boolean used) {
    Instant now = clock.instant();
    return Optional.ofNullable(open.computeIfPresent(id, (key, session) -> expired(session, now)
        ? null : used ? new Session(key, session.csrf(), now) : session));
  }

  /** Ends the session {@code id}, if open. */
  public void close(String id) {
    open.remove(id);
  }

  private static boolean expired(Session session, Instant now) {
    return !session.used().plus(IDLE).isAfter(now);
  }

  private String random() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
