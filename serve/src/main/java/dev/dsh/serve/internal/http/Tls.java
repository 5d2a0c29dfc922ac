package dev.dsh.serve.internal.http;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.serve.ServeException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.UnrecoverableKeyException;
import java.util.Collections;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * HTTPS from a PKCS#12 keystore, loaded before Jetty starts, so a missing file, a wrong password or
 * no key is one clear line instead of a stack trace from the connector.
 */
public final class Tls {

  public static final String PASSWORD_VARIABLE = "DSH_SERVE_TLS_PASSWORD";

  private Tls() {}

  /** @throws ServeException when the keystore cannot be used, naming it and the fix */
  public static SslContextFactory.Server from(Path keystore, LaunchEnvironment env) {
    String password = env.get(PASSWORD_VARIABLE).orElse("");
    KeyStore store;
    try (InputStream in = Files.newInputStream(keystore)) {
      store = KeyStore.getInstance("PKCS12");
      store.load(in, password.toCharArray());
      boolean key = false;
      for (String alias : Collections.list(store.aliases())) {
        key |= store.isKeyEntry(alias);
      }
      if (!key) {
        throw new ServeException("the TLS keystore " + keystore + " holds no private key: make"
            + " one with 'keytool -genkeypair -storetype PKCS12' or 'openssl pkcs12 -export'");
      }
    } catch (NoSuchFileException e) {
      throw new ServeException("the TLS keystore " + keystore + " does not exist", e);
    } catch (IOException e) {
      boolean wrongPassword = e.getCause() instanceof UnrecoverableKeyException;
      throw new ServeException("the TLS keystore " + keystore + (wrongPassword
          ? " cannot be opened with its password: set " + PASSWORD_VARIABLE + " to it"
          : " is not a readable PKCS#12 keystore (" + PASSWORD_VARIABLE + " holds its password)"),
          e);
    } catch (GeneralSecurityException e) {
      throw new ServeException("the TLS keystore " + keystore + " cannot be loaded: "
          + e.getMessage(), e);
    }
    SslContextFactory.Server tls = new SslContextFactory.Server();
    tls.setKeyStore(store);
    tls.setKeyStorePassword(password);
    return tls;
  }
}
