import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The loopback SearchPro stub of bench/startup.sh, run as a single source file ({@code java
 * bench/SearchProStub.java BODY}): answers every {@code POST} with the bytes of BODY, prints its
 * base URL on one line, and serves until its standard input closes.
 */
public final class SearchProStub {

  private SearchProStub() {}

  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException("usage: java SearchProStub.java <body.json>");
    }
    // Without it the server's separate header and body writes meet the client's delayed ACK and
    // every answer waits about 40 ms.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    byte[] body = Files.readAllBytes(Path.of(args[0]));
    HttpServer server =
        HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.createContext(
        "/",
        exchange -> {
          try (exchange;
              InputStream in = exchange.getRequestBody()) {
            in.readAllBytes();
            exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(body);
            }
          }
        });
    server.start();
    System.out.println("http://127.0.0.1:" + server.getAddress().getPort());
    System.out.flush();
    // The script holds our standard input open; its end (the script exiting) stops the stub.
    System.in.transferTo(OutputStream.nullOutputStream());
    server.stop(0);
  }
}
