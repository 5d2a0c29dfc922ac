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
 * CSRF token, ended by sign-out or after {@link #IDLE} without use. Expiry is checked on use and
 * swept at each sign-in, so no thread is needed; a restart signs everyone out.
 */
public final class Sessions {

  /** How long a session lives without use. */
  public static final Duration IDLE = Duration.ofHours(12);

  /** One session: its cookie value, its CSRF token, and when it was last used. */
  public static final class Session {
    private final String id;
    private final String csrf;
    private volatile Instant used;

    private Session(String id, String csrf, Instant used) {
      this.id = id;
      this.csrf = csrf;
      this.used = used;
    }

    public String id() {
      return id;
    }

    public String csrf() {
      return csrf;
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
    open.put(session.id, session);
    return session;
  }

  /** The live session whose id is {@code id}, marked used now; empty when none or expired. */
  public Optional<Session> use(String id) {
    Session session = open.get(id);
    Instant now = clock.instant();
    if (session == null) {
      return Optional.empty();
    }
    if (expired(session, now)) {
      open.remove(id, session);
      return Optional.empty();
    }
    session.used = now;
    return Optional.of(session);
  }

  /** Ends the session {@code id}, if open. */
  public void close(String id) {
    open.remove(id);
  }

  private static boolean expired(Session session, Instant now) {
    return !session.used.plus(IDLE).isAfter(now);
  }

  private String random() {
    byte[] bytes = new byte[32];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
