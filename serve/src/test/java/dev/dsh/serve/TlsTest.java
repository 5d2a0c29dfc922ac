package dev.dsh.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import java.io.InputStream;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** {@code --tls-keystore}: HTTPS from a PKCS#12 keystore, its password from the environment. */
class TlsTest {

  @RegisterExtension
  static final SearchProStub STUB = SearchProStub.answering(SearchProAnswers.onePage("a"));

  @TempDir static Path home;
  private static Path keystore;
  private static ServedHost served;

  /** One HTTPS server for the tests that need one running. */
  @BeforeAll
  static void serve() throws Exception {
    keystore = keystore(home.resolve("served"), ServedHost.TLS_PASSWORD);
    served = ServedHost.start(home.resolve("served"), STUB.baseUrl(), "",
        o -> withKeystore(o, keystore));
  }

  @AfterAll
  static void stop() {
    served.close();
  }

  @Test
  void aTestKeystoreServesHttpsToAClientTrustingIt() throws Exception {
    HttpClient client = HttpClient.newBuilder().sslContext(trusting(keystore)).build();

    HttpResponse<String> ready = client.send(HttpRequest.newBuilder(served.url("/readyz")).build(),
        HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> noToken = client.send(
        HttpRequest.newBuilder(served.url("/api/status")).build(),
        HttpResponse.BodyHandlers.ofString());

    assertThat(served.server().url().toString()).startsWith("https://127.0.0.1:");
    assertThat(ready.statusCode()).isEqualTo(200);
    assertThat(noToken.statusCode()).isEqualTo(401);
  }

  @Test
  void theConsoleSessionCookieIsSecureUnderTls() throws Exception {
    HttpClient client = HttpClient.newBuilder().sslContext(trusting(keystore)).build();

    HttpResponse<String> signIn = client.send(
        ConsoleSession.signInRequest(served, ServedHost.TOKEN),
        HttpResponse.BodyHandlers.ofString());

    assertThat(signIn.statusCode()).isEqualTo(200);
    assertThat(signIn.headers().firstValue("Set-Cookie")).hasValueSatisfying(cookie ->
        assertThat(cookie).endsWith("; Path=/; HttpOnly; SameSite=Strict; Secure"));
  }

  @Test
  void aWrongPasswordIsAClearStartUpErrorNamingTheKeystoreAndTheVariable() throws Exception {
    Path other = Files.createDirectories(home.resolve("wrong-password"));
    Path keystore = keystore(other, "another-password");
    assertThatThrownBy(() -> ServedHost.start(other, STUB.baseUrl(), "",
            o -> withKeystore(o, keystore)))
        .isInstanceOf(ServeException.class)
        .hasMessage("the TLS keystore " + keystore + " cannot be opened with its password: set"
            + " DSH_SERVE_TLS_PASSWORD to it")
        .hasMessageNotContaining(ServedHost.TLS_PASSWORD);
  }

  @Test
  void aFileThatIsNoKeystoreIsAClearStartUpError() throws Exception {
    Path other = Files.createDirectories(home.resolve("no-keystore"));
    Path keystore = Files.writeString(other.resolve("not.p12"), "not a keystore");
    assertThatThrownBy(() -> ServedHost.start(other, STUB.baseUrl(), "",
            o -> withKeystore(o, keystore)))
        .isInstanceOf(ServeException.class)
        .hasMessage("the TLS keystore " + keystore + " is not a readable PKCS#12 keystore"
            + " (DSH_SERVE_TLS_PASSWORD holds its password)");
  }

  private static ServeOptions withKeystore(ServeOptions o, Path keystore) {
    return new ServeOptions(o.bind(), o.port(), o.stateless(), o.tokenFile(),
        Optional.of(keystore), o.accessLog(), o.drainDeadline(), o.maxSessions(), o.sessionIdle(), List.of(), List.of());
  }

  /** A self-signed key pair for 127.0.0.1, made by the JDK's keytool. */
  private static Path keystore(Path home, String password) throws Exception {
    Files.createDirectories(home);
    Path file = home.resolve("server.p12");
    Process keytool = new ProcessBuilder("keytool", "-genkeypair", "-alias", "dsh",
        "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=localhost",
        "-ext", "san=ip:127.0.0.1,dns:localhost", "-validity", "2", "-storetype", "PKCS12",
        "-keystore", file.toString(), "-storepass", password)
        .redirectErrorStream(true).redirectOutput(home.resolve("keytool.out").toFile()).start();
    assertThat(keytool.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(keytool.exitValue()).as(Files.readString(home.resolve("keytool.out"))).isZero();
    return file;
  }

  private static SSLContext trusting(Path keystore) throws Exception {
    KeyStore store = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(keystore)) {
      store.load(in, ServedHost.TLS_PASSWORD.toCharArray());
    }
    TrustManagerFactory trust =
        TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    trust.init(store);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, trust.getTrustManagers(), null);
    return context;
  }
}
