package dev.dsh.app.demo;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.json.Json;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The offline demo profile's loopback endpoint: {@code POST /SearchPro} answered with {@code Cnt}
 * sample pages for any query, so the demo needs no key and no network.
 */
public final class ReplayServer implements AutoCloseable {

  public static final String DEMO_PROFILE = "demo";

  static final String PLUGIN_ID = "dsh-web-search-yuanbao";

  private final JsonNode pages = loadPages();
  private final HttpServer server;

  /** On an ephemeral loopback port. */
  public ReplayServer() {
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the demo replay endpoint", e);
    }
    server.createContext("/", this::handle);
    // The default executor answers on the server's one thread, started here, never lazily from
    // plugin code, so it inherits no plugin's class loader.
    server.start();
  }

  /** Installs {@code bundled} unless installed (else ProfileException), then starts. */
  public static ReplayServer forDemo(HostOptions options, Optional<Path> bundled) {
    PluginInstaller.ensure(options, PLUGIN_ID, () -> bundled.filter(Files::isRegularFile)
        .orElseThrow(() -> new ProfileException("the demo profile needs the distribution's"
            + " copy of the " + PLUGIN_ID + " plugin: start dsh with its launcher, bin/dsh, or"
            + " install the plugin with 'dsh plugin add <jar>'")));
    options.events().accept(
        "demo profile: results are sample data from a local replay endpoint, not a live search");
    return new ReplayServer();
  }

  /** {@code options} with the layer that aims the Yuanbao row at this endpoint. */
  public HostOptions applyTo(HostOptions options) {
    return options.withLayer(new ProfileLayer("demo layer (the local replay endpoint)",
        // Not a key: the replay endpoint accepts anything; the real service would refuse this.
        "- id: web-search-yuanbao\n  config: {apiKey: demo-placeholder-key, baseURL: '"
            + baseUrl() + "'}\n"));
  }

  /** The Yuanbao row's {@code baseURL}. */
  public URI baseUrl() {
    InetSocketAddress at = server.getAddress();
    return URI.create("http://" + at.getAddress().getHostAddress() + ":" + at.getPort());
  }

  @Override
  public void close() {
    server.stop(0);
  }

  // Any request is taken for SearchPro's: the demo's one client is the Yuanbao plugin.
  private void handle(HttpExchange exchange) throws IOException {
    try (exchange; InputStream in = exchange.getRequestBody()) {
      JsonNode request = Json.MAPPER.readTree(in.readAllBytes());
      ObjectNode response = Json.MAPPER.createObjectNode();
      ObjectNode inner =
          response.putObject("Response").put("Query", request.path("Query").asString(""));
      ArrayNode out = inner.putArray("Pages");
      // On the wire every page is a JSON string holding an object.
      pages.valueStream().limit(Math.max(0, request.path("Cnt").asInt(0)))
          .forEach(page -> out.add(Json.MAPPER.writeValueAsString(page)));
      inner.put("Version", "standard").put("RequestId", UUID.randomUUID().toString());
      byte[] bytes = Json.MAPPER.writeValueAsBytes(response);
      exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
      exchange.sendResponseHeaders(200, bytes.length);
      exchange.getResponseBody().write(bytes); // closed with the exchange
    }
  }

  private static JsonNode loadPages() {
    try (InputStream in = ReplayServer.class.getResourceAsStream("searchpro-sample.json")) {
      return Json.MAPPER.readTree(in).get("Pages");
    } catch (IOException e) {
      throw new UncheckedIOException("could not read demo sample data", e);
    }
  }
}
