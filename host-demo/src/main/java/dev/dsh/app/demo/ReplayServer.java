package dev.dsh.app.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * A loopback HTTP endpoint that answers {@code POST /SearchPro} like the real service, with canned
 * sample pages, so the demo profile works without a key and without a network.
 *
 * <p>It answers any query with the same sample pages (as many as {@code Cnt} asks for, in the
 * wire shape: each page a JSON string); a body that is not {@code {"Query": string, "Cnt": int}}
 * gets the service's {@code InvalidParameter} error envelope.
 */
public final class ReplayServer implements AutoCloseable {

  private static final String SAMPLE = "searchpro-sample.json";
  private static final ObjectMapper JSON = JsonMapper.builder().build();

  private final HttpServer server;
  private final ExecutorService executor;
  private final List<String> pages;

  private ReplayServer(HttpServer server, ExecutorService executor, List<String> pages) {
    this.server = server;
    this.executor = executor;
    this.pages = pages;
  }

  /** Starts the endpoint on an ephemeral loopback port. */
  public static ReplayServer start() {
    List<String> pages = loadPages();
    try {
      HttpServer server =
          HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
      // Threads are created by the host here, never lazily from plugin code, so none of them can
      // inherit (and pin) a plugin's class loader.
      ExecutorService executor =
          Executors.newFixedThreadPool(
              2,
              task -> {
                Thread thread = new Thread(task, "dsh-replay");
                thread.setDaemon(true);
                return thread;
              });
      ReplayServer replay = new ReplayServer(server, executor, pages);
      server.createContext("/", replay::handle);
      server.setExecutor(executor);
      server.start();
      return replay;
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the demo replay endpoint", e);
    }
  }

  /** The base URL to configure as the Yuanbao row's {@code baseURL}. */
  public URI baseUrl() {
    InetSocketAddress address = server.getAddress();
    return URI.create("http://" + address.getAddress().getHostAddress() + ":" + address.getPort());
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!"/SearchPro".equals(exchange.getRequestURI().getPath())) {
        respond(exchange, 404, envelopeError("ResourceNotFound", "no such action"));
        return;
      }
      if (!"POST".equals(exchange.getRequestMethod())) {
        respond(exchange, 405, envelopeError("InvalidParameter", "SearchPro takes POST"));
        return;
      }
      byte[] body;
      try (InputStream in = exchange.getRequestBody()) {
        body = in.readAllBytes();
      }
      respond(exchange, 200, answer(body));
    }
  }

  private String answer(byte[] requestBody) {
    JsonNode request;
    try {
      request = JSON.readTree(requestBody);
    } catch (RuntimeException e) {
      return envelopeError("InvalidParameter", "request body is not JSON");
    }
    JsonNode query = request.get("Query");
    JsonNode cnt = request.get("Cnt");
    if (query == null || !query.isString() || cnt == null || !cnt.isIntegralNumber()) {
      return envelopeError("InvalidParameter", "expected {\"Query\": string, \"Cnt\": integer}");
    }
    ObjectNode response = JSON.createObjectNode();
    ObjectNode inner = response.putObject("Response");
    inner.put("Query", query.asString());
    ArrayNode out = inner.putArray("Pages");
    pages.stream().limit(Math.max(0, cnt.asInt())).forEach(out::add);
    inner.put("Version", "standard");
    inner.put("RequestId", UUID.randomUUID().toString());
    return JSON.writeValueAsString(response);
  }

  private static String envelopeError(String code, String message) {
    ObjectNode response = JSON.createObjectNode();
    ObjectNode inner = response.putObject("Response");
    inner.putObject("Error").put("Code", code).put("Message", message);
    inner.put("RequestId", UUID.randomUUID().toString());
    return JSON.writeValueAsString(response);
  }

  private static void respond(HttpExchange exchange, int status, String body) throws IOException {
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    exchange.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = exchange.getResponseBody()) {
      out.write(bytes);
    }
  }

  private static List<String> loadPages() {
    try (InputStream in = ReplayServer.class.getResourceAsStream(SAMPLE)) {
      if (in == null) {
        throw new IllegalStateException("demo sample data " + SAMPLE + " is missing from the host");
      }
      List<String> pages = new ArrayList<>();
      // On the wire every page is a JSON string holding an object.
      for (JsonNode page : JSON.readTree(in).get("Pages")) {
        pages.add(JSON.writeValueAsString(page));
      }
      return List.copyOf(pages);
    } catch (IOException e) {
      throw new UncheckedIOException("could not read demo sample data", e);
    }
  }
}
