import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/**
 * The loopback SearchPro stub of bench/startup.sh, run as a single source file ({@code java
 * bench/SearchProStub.java BODY KEYSTORE}): answers every {@code POST} over https, with the key and
 * certificate of the PKCS12 KEYSTORE (password {@code changeit}), with the bytes of BODY; prints its
 * base URL on one line, and serves until its standard input closes.
 */
public final class SearchProStub {

  private SearchProStub() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      throw new IllegalArgumentException("usage: java SearchProStub.java <body.json> <keystore.p12>");
    }
    // Without it the server's separate header and body writes meet the client's delayed ACK and
    // every answer waits about 40 ms.
    System.setProperty("sun.net.httpserver.nodelay", "true");
    byte[] body = Files.readAllBytes(Path.of(args[0]));
    char[] password = "changeit".toCharArray();
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
      keys.load(in, password);
    }
    KeyManagerFactory managers = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    managers.init(keys, password);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(managers.getKeyManagers(), null, null);
    HttpsServer server =
        HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 16);
    server.setHttpsConfigurator(new HttpsConfigurator(tls));
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
    System.out.println("https://127.0.0.1:" + server.getAddress().getPort());
    System.out.flush();
    // The script holds our standard input open; its end (the script exiting) stops the stub.
    System.in.transferTo(OutputStream.nullOutputStream());
    server.stop(0);
  }
}
