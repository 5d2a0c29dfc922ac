package dev.dsh.langchain4j;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.UnaryOperator;

/**
 * A SearchPro stub on loopback: every request's body goes to a route that gives the answer body.
 * {@link #pages} builds the usual answer.
 */
final class SearchProStub implements AutoCloseable {

  private final HttpServer server;
  private final List<String> bodies = new CopyOnWriteArrayList<>();
  private final UnaryOperator<String> route;

  SearchProStub(UnaryOperator<String> route) {
    this.route = route;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext("/", this::handle);
    server.start();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort();
  }

  /** The request bodies seen, oldest first. */
  List<String> bodies() {
    return List.copyOf(bodies);
  }

  /**
   * An answer of {@code count} pages for {@code slug}: page i has url {@code
   * https://example.com/<slug>/<i>}, title {@code Result <i> about <slug>}, passage {@code About
   * <slug>, part <i>} and date {@code 2025-06-0<i> 10:00:00} (day 1 to 9).
   */
  static String pages(String slug, int count) {
    StringBuilder pages = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      if (i > 1) {
        pages.append(',');
      }
      pages.append(
          page(
              "\\\"url\\\":\\\"https://example.com/" + slug + "/" + i + "\\\","
                  + "\\\"title\\\":\\\"Result " + i + " about " + slug + "\\\","
                  + "\\\"passage\\\":\\\"About " + slug + ", part " + i + "\\\","
                  + "\\\"date\\\":\\\"2025-06-0" + (1 + (i - 1) % 9) + " 10:00:00\\\""));
    }
    return answer(pages.toString());
  }

  /** One page given as its (escaped) JSON members, inside its string. */
  static String page(String members) {
    return "\"{" + members + "}\"";
  }

  /** A SearchPro answer of {@code pages}, each an already-quoted page string. */
  static String answer(String pages) {
    return "{\"Response\":{\"RequestId\":\"r-1\",\"Pages\":[" + pages + "]}}";
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      bodies.add(body);
      byte[] answer = route.apply(body).getBytes(StandardCharsets.UTF_8);
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, answer.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(answer);
      }
    }
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
