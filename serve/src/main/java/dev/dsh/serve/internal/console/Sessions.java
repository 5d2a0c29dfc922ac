package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.http.ServeToken;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The console's signed-in sessions, in memory: each a random 256-bit id (the cookie) with its own
 * CSRF token, ended by sign-out, after {@link #IDLE} without use (what counts as use is the
 * caller's to say: {@link SessionGate}), or once the server's token is no longer the one it was
 * signed in with (a session keeps only that token's digest). Both are checked on each look and
 * swept at each sign-in, so no thread is needed; a restart signs everyone out.
 */
public final class Sessions {

  /** How long a session lives without use. */
  public static final Duration IDLE = Duration.ofHours(12);

  /**
   * One session: its cookie value, its CSRF token, when it was last used, and the {@link
   * ServeToken#digest} of the token it was signed in with.
   */
  public record Session(String id, String csrf, Instant used, byte[] token) {
    @Override
    public String toString() {
      return "Session[used=" + used + "]"; // the id and the CSRF token are secrets
    }
  }

  private final SecureRandom random = new SecureRandom();
  private final ConcurrentHashMap<String, Session> open = new ConcurrentHashMap<>();
  private final Clock clock;
  private final ServeToken token;

  /** Sessions whose idle time {@code clock} measures, each living only as long as its token. */
  public Sessions(Clock clock, ServeToken token) {
    this.clock = clock;
    this.token = token;
  }

  /**
   * A new session signed in with {@code signedInWith}, the server's token: those expired, and
   * those of another token, are forgotten first.
   */
  public Session open(String signedInWith) {
    Instant now = clock.instant();
    byte[] digest = ServeToken.digest(signedInWith);
    open.values().removeIf(session ->
        expired(session, now) || !MessageDigest.isEqual(session.token(), digest));
    Session session = new Session(random(), random(), now, digest);
    open.put(session.id(), session);
    return session;
  }

  /**
   * The live session {@code id}, marked used now if {@code used}; empty if none, expired, or made
   * with another token than the server's now.
   */
  public Optional<Session> use(String id, boolean used) {
    Instant now = clock.instant();
    Session found = open.get(id);
    if (found != null && ended(found, now)) {
      open.remove(id, found);
      return Optional.empty();
    }
    return Optional.ofNullable(open.computeIfPresent(id, (key, session) ->
        used ? new Session(key, session.csrf(), now, session.token()) : session));
  }

  /** Ends the session {@code id}, if open. */
  public void close(String id) {
    open.remove(id);
  }

  /** Expired, or signed in with a token the server no longer has (its file is read if changed). */
  private boolean ended(Session session, Instant now) {
    return expired(session, now) || !token.matchesDigest(session.token());
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
