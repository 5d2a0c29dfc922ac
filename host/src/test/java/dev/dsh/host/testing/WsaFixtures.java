package dev.dsh.host.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The few SearchPro answer bodies the host's tests serve, copied from the plugin module's fixture
 * corpus ({@code yuanbao-plugin/src/test/resources/wsa/}) into this module's test resources.
 */
public final class WsaFixtures {

  private WsaFixtures() {}

  /** The bytes of fixture {@code name} (for example {@code 02-normal-en-10.json}). */
  public static byte[] bytes(String name) {
    try (InputStream in = WsaFixtures.class.getResourceAsStream("/wsa/" + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no fixture /wsa/" + name + " on the test class path");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of fixture {@code name}. */
  public static String text(String name) {
    return new String(bytes(name), StandardCharsets.UTF_8);
  }
}
