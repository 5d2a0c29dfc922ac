package dev.dsh.host.testing;

import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.wireMockConfig;

import com.github.tomakehurst.wiremock.junit5.WireMockExtension;

/** WireMock for the tests that stand in for SearchPro with it. */
public final class WireMockStubs {

  private WireMockStubs() {}

  /**
   * A WireMock server on a free port of 127.0.0.1 for a test class ({@code @RegisterExtension} on
   * a static field): started before the class's {@code @BeforeAll}, reset before each test.
   */
  public static WireMockExtension loopback() {
    return WireMockExtension.newInstance()
        .options(wireMockConfig().dynamicPort().bindAddress("127.0.0.1"))
        .build();
  }
}
