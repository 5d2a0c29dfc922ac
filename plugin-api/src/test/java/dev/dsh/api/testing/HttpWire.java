package dev.dsh.api.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/** HTTP/1.1 as far as the tests need it: requests with a Content-Length body, plain answers. */
final class HttpWire {

  private HttpWire() {}

  /** The next request, or null at end of stream before one began. */
  static StubRequest readRequest(InputStream in) throws IOException {
    ByteArrayOutputStream head = new ByteArrayOutputStream();
    int matched = 0;
    for (int b = in.read(); b >= 0; b = in.read()) {
      head.write(b);
      matched = (b == "\r\n\r\n".charAt(matched)) ? matched + 1 : (b == '\r' ? 1 : 0);
      if (matched == 4) {
        return request(head.toString(StandardCharsets.UTF_8), in);
      }
    }
    return null;
  }

  private static StubRequest request(String head, InputStream in) throws IOException {
    String[] lines = head.split("\r\n");
    String[] requestLine = lines[0].split(" ");
    Map<String, String> headers = new HashMap<>();
    for (int i = 1; i < lines.length; i++) {
      int colon = lines[i].indexOf(':');
      if (colon > 0) {
        headers.put(
            lines[i].substring(0, colon).strip().toLowerCase(Locale.ROOT),
            lines[i].substring(colon + 1).strip());
      }
    }
    int length = Integer.parseInt(headers.getOrDefault("content-length", "0"));
    String body = new String(in.readNBytes(length), StandardCharsets.UTF_8);
    String target = requestLine.length > 1 ? requestLine[1] : "";
    int query = target.indexOf('?');
    return new StubRequest(
        requestLine[0],
        query < 0 ? target : target.substring(0, query),
        head,
        Map.copyOf(headers),
        body);
  }

  static void writeAnswer(OutputStream out, StubReply reply) throws IOException {
    StringBuilder head = new StringBuilder("HTTP/1.1 ").append(reply.status()).append(" Stub\r\n");
    reply.headers().forEach((name, value) -> head.append(name + ": " + value + "\r\n"));
    head.append("Content-Length: ").append(reply.bytes().length).append("\r\n\r\n");
    // One write, as a server sends a small answer: a client never sees the head without the body.
    ByteArrayOutputStream answer = new ByteArrayOutputStream();
    answer.write(head.toString().getBytes(StandardCharsets.US_ASCII));
    answer.write(reply.bytes());
    answer.writeTo(out);
    out.flush();
  }

  static void dribble(Socket socket) throws IOException {
    OutputStream out = socket.getOutputStream();
    out.write(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n"
            .getBytes(StandardCharsets.US_ASCII));
    out.flush();
    socket.setSoTimeout(100);
    while (true) {
      out.write(' ');
      out.flush();
      try {
        if (socket.getInputStream().read() < 0) {
          return;
        }
      } catch (SocketTimeoutException stillOpen) {
        // no news from the client: keep dribbling
      }
    }
  }
}
