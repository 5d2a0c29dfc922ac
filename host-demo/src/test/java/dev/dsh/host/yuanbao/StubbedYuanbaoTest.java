package dev.dsh.host.yuanbao;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.post;
import static com.github.tomakehurst.wiremock.client.WireMock.urlEqualTo;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.WireMockServer;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A WireMock stub per test class answering every search with fixture 02, and a fresh {@link
 * YuanbaoHost} on a temporary home per test.
 */
abstract class StubbedYuanbaoTest {

  static WireMockServer stub;

  @TempDir Path home;
  YuanbaoHost host;

  @BeforeAll
  static void startStub() {
    stub = new WireMockServer(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"));
    stub.start();
  }

  @AfterAll
  static void stopStub() {
    stub.stop();
  }

  @BeforeEach
  void serveAnswers() {
    stub.resetAll();
    stub.stubFor(
        post(urlEqualTo("/SearchPro"))
            .willReturn(aResponse().withBody(YuanbaoHost.fixture("02-normal-en-10.json"))));
    host = new YuanbaoHost(home);
  }
}
