package dev.dsh.host.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;
import dev.dsh.host.testing.WireMockStubs;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WireMock stub per test class answering every search with fixture 02, and a fresh {@link
 * YuanbaoHost} on a temporary home per test.
 */
abstract class StubbedYuanbaoTest {

  @RegisterExtension static final WireMockExtension stub = WireMockStubs.loopback();

  @TempDir Path home;
  YuanbaoHost host;

  @BeforeEach
  void serveAnswers() {
    stub.stubFor(
        post(urlEqualTo("/SearchPro"))
            .willReturn(aResponse().withBody(YuanbaoHost.fixture("02-normal-en-10.json"))));
    host = new YuanbaoHost(home);
  }
}
