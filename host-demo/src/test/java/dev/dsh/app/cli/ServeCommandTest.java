package dev.dsh.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dsh serve}'s start-up errors: one line naming the file or address and the fix, exit 2. */
class ServeCommandTest {

  @TempDir Path home;

  @Test
  void aTooShortTokenFileIsOneLineAndExit2() throws Exception {
    Path token = Files.writeString(home.resolve("token"), "short\n");

    CliHarness.Result result = CliHarness.run(home, Map.of(), "",
        "serve", "--port", "0", "--token-file", token.toString());

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.err()).isEqualTo("dsh: the token file " + token + " holds a token of 5"
        + " characters, fewer than 32: give one token of 32 printable ASCII characters or more,"
        + " such as the output of 'openssl rand -base64 32'\n");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void aPortInUseIsOneLineAndExit2() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      CliHarness.Result result = CliHarness.run(home, Map.of(), "",
          "serve", "--port", String.valueOf(taken.getLocalPort()));

      assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
      assertThat(result.err()).endsWith("dsh: cannot listen on 127.0.0.1:" + taken.getLocalPort()
          + ": the address is in use or not one of this machine's: stop what listens there, or"
          + " choose another port or bind address\n");
    }
  }

  @Test
  void aBadDrainDurationIsAUsageError() {
    CliHarness.Result result = CliHarness.run(home, Map.of(), "", "serve", "--drain", "soon");

    assertThat(result.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(result.err()).startsWith("dsh: Invalid value for option '--drain': 'soon' is not a"
        + " duration");
  }

  @Test
  void aBadAllowedHostOrTrustedProxyIsOneLineAndExit2() {
    CliHarness.Result flag = CliHarness.run(home, Map.of(), "",
        "serve", "--port", "0", "--allowed-host", "dsh.example/mcp");
    CliHarness.Result variable = CliHarness.run(home,
        Map.of("DSH_SERVE_ALLOWED_HOSTS", "dsh.example, user@lb.example"), "", "serve", "--port",
        "0");
    CliHarness.Result proxy = CliHarness.run(home, Map.of(), "",
        "serve", "--port", "0", "--trusted-proxy", "proxy.example");

    assertThat(flag.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(flag.err()).isEqualTo("dsh: allowed host 'dsh.example/mcp' is not a host name or"
        + " address with an optional :PORT: write dsh.example.com, dsh.example.com:443 or"
        + " [2001:db8::1]:8719\n");
    assertThat(variable.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(variable.err()).startsWith("dsh: allowed host 'user@lb.example' is not");
    assertThat(proxy.exit()).isEqualTo(DshMain.USAGE_OR_CONFIG);
    assertThat(proxy.err()).isEqualTo("dsh: trusted proxy 'proxy.example' is not an IP address"
        + " or a CIDR block: write 10.0.0.5, 10.0.0.0/8 or fd00::/8\n");
  }
}
