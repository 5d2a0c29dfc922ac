package dev.dsh.api.testing;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a {@link SearchProStub} does with one request: answer it, hold it, or misbehave in a way a
 * real server (or the network) can.
 *
 * @param kind what happens on the wire
 * @param status the status of an answer
 * @param headers the headers of an answer, besides {@code Content-Length}
 * @param bytes the answer's body, or for {@link Kind#RAW} the bytes sent as they are
 * @param maxDelay an answer waits a random time up to this first
 */
public record StubReply(
    Kind kind, int status, Map<String, String> headers, byte[] bytes, Duration maxDelay) {

  /** What happens on the wire. */
  public enum Kind {
    /** A complete response; the connection stays open for the next request. */
    ANSWER,
    /** Nothing is sent: the request is read, then the connection until the client closes it. */
    HOLD,
    /** {@link #bytes} go out as they are, then the connection is held as for {@link #HOLD}. */
    RAW,
    /** Headers promising 100,000 bytes, then one space every 100 ms until the client closes. */
    DRIBBLE,
    /** The stub closes the connection without answering. */
    CLOSE
  }

  /** A 200 answer of {@code json} as {@code application/json; charset=utf-8}. */
  public static StubReply json(String json) {
    return json(json.getBytes(StandardCharsets.UTF_8));
  }

  /** A 200 answer of {@code json} (already encoded) as {@code application/json}. */
  public static StubReply json(byte[] json) {
    return status(200, json);
  }

  /** An answer with {@code status} and a JSON {@code body}. */
  public static StubReply status(int status, String body) {
    return status(status, body.getBytes(StandardCharsets.UTF_8));
  }

  /** An answer with {@code status} and a JSON {@code body} (already encoded). */
  public static StubReply status(int status, byte[] body) {
    return new StubReply(
        Kind.ANSWER,
        status,
        Map.of("Content-Type", "application/json; charset=utf-8"),
        body,
        Duration.ZERO);
  }

  /** The request is never answered. */
  public static StubReply hold() {
    return new StubReply(Kind.HOLD, 0, Map.of(), new byte[0], Duration.ZERO);
  }

  /** {@code wire} (a status line, headers and maybe part of a body) sent as it is, then held. */
  public static StubReply raw(String wire) {
    return new StubReply(
        Kind.RAW, 0, Map.of(), wire.getBytes(StandardCharsets.US_ASCII), Duration.ZERO);
  }

  /** A body that never ends: one byte every 100 ms. */
  public static StubReply dribble() {
    return new StubReply(Kind.DRIBBLE, 0, Map.of(), new byte[0], Duration.ZERO);
  }

  /** The connection is closed without an answer. */
  public static StubReply close() {
    return new StubReply(Kind.CLOSE, 0, Map.of(), new byte[0], Duration.ZERO);
  }

  /** This answer with one more header ({@code Location} of a redirect, say). */
  public StubReply withHeader(String name, String value) {
    Map<String, String> more = new LinkedHashMap<>(headers);
    more.put(name, value);
    return new StubReply(kind, status, Map.copyOf(more), bytes, maxDelay);
  }

  /** This reply after a random wait of up to {@code max}, so that searches overlap. */
  public StubReply afterUpTo(Duration max) {
    return new StubReply(kind, status, headers, bytes, max);
  }
}
