package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** What the auto-configuration puts in a Boot application, and what it gives way to. */
class DshAutoConfigurationTest {

  private static final String QUERY = "{\"queries\":[\"DeepSeek R1\"]}";

  @TempDir Path home;
  private SearchProStub stub;

  @BeforeEach
  void writeHome() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("r1"));
    StubbedHome.write(home, stub.baseUrl(), "sk-test");
  }

  @AfterEach
  void stopStub() {
    stub.close();
  }

  @Test
  void theBeansAreTheHostsAndTheProviderHoldsTheCallback() {
    try (ConfigurableApplicationContext context = DshApp.run(List.of("dsh.home=" + home))) {
      Host host = context.getBean(Host.class);

      assertThat(context.getBean(WebService.class).providers())
          .singleElement()
          .satisfies(provider -> assertThat(provider.id()).isEqualTo("yuanbao"))
          .isEqualTo(host.providers().get(0));
      assertThat(context.getBean(DshAutoConfiguration.PROVIDER_BEAN, ToolCallbackProvider.class)
              .getToolCallbacks())
          .containsExactly(context.getBean(WebSearchToolCallback.class));
      assertThat(context.getBean(DshProperties.class))
          .isEqualTo(new DshProperties(true, home.toString(), "default"));
      assertThat(context.getBean(WebSearchToolCallback.class).call(QUERY))
          .startsWith("Sources:\n- [Page r1](https://example.com/r1)");
    }
  }

  @Test
  void theCallbackIsTheHostsOwnToolWithTheToolRowsTimeout() throws Exception {
    Path patch = home.resolve("profiles/default/cordis.patch.yml");
    Files.writeString(patch, Files.readString(patch)
        + "- id: tool-web\n  config: {searchTimeoutMs: 300}\n");
    stub.holdAnswers();
    try (ConfigurableApplicationContext context = DshApp.run(List.of("dsh.home=" + home))) {
      assertThat(context.getBean(WebSearchToolCallback.class).call(QUERY))
          .isEqualTo("Error: web search timed out after 300 ms");
    } finally {
      stub.release();
    }
  }

  @Test
  void closingTheContextClosesTheHostAndLeavesNoThreadOfIt() throws InterruptedException {
    Set<Thread> before = Thread.getAllStackTraces().keySet();
    Host host;
    try (ConfigurableApplicationContext context = DshApp.run(List.of("dsh.home=" + home))) {
      host = context.getBean(Host.class);
      context.getBean(WebSearchToolCallback.class).call(QUERY);
      assertThat(hostThreads(before)).contains("dsh-admin", "dsh-runtime");
      assertThat(host.plugins()).isNotEmpty();
    }

    assertThat(host.plugins()).as("the plugins once the context closed").isEmpty();
    assertThat(host.web()).as("the web service once the context closed").isEmpty();
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    // The plugin's HTTP client's selector thread ends once the client is collected (Java 17).
    while (!hostThreads(before).isEmpty() && System.nanoTime() < deadline) {
      System.gc();
      Thread.sleep(20);
    }
    assertThat(hostThreads(before)).as("the host's and the plugin's threads").isEmpty();
  }

  /**
   * Live threads started since {@code before} that belong to the host or its plugin: named
   * {@code dsh-} (not the plugin API's one timer of the JVM, {@code dsh-abort-timer}, which
   * outlives every host by design) or the plugin's HTTP client's.
   */
  private static List<String> hostThreads(Set<Thread> before) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(thread -> !before.contains(thread) && thread.isAlive())
        .map(Thread::getName)
        .filter(name -> name.startsWith("dsh-") || name.startsWith("HttpClient-"))
        .filter(name -> !name.equals("dsh-abort-timer"))
        .sorted()
        .toList();
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnWebService {
    @Bean
    RecordingWebService ownWeb() {
      return RecordingWebService.answering();
    }
  }

  @Test
  void anApplicationsOwnWebServiceWinsAndTheToolSearchesThroughIt() {
    try (ConfigurableApplicationContext context =
        DshApp.run(List.of("dsh.home=" + home), OwnWebService.class)) {
      RecordingWebService own = context.getBean(RecordingWebService.class);

      assertThat(context.getBean(WebService.class)).isSameAs(own);
      assertThat(context.getBean(WebSearchToolCallback.class).call(QUERY))
          .startsWith("Sources:\n- [Own DeepSeek R1](https://own.example/DeepSeek-R1)");
      assertThat(own.searches())
          .singleElement()
          .satisfies(search -> assertThat(search.request().query()).isEqualTo("DeepSeek R1"));
      assertThat(stub.requestCount()).isZero();
    }
  }

  @Configuration(proxyBeanMethods = false)
  static class OwnTools {
    @Bean
    ToolCallbackProvider ownTools() {
      return ToolCallbackProvider.from(List.of());
    }
  }

  @Test
  void anApplicationsOtherToolProviderDoesNotTakeTheToolsPlace() {
    try (ConfigurableApplicationContext context =
        DshApp.run(List.of("dsh.home=" + home), OwnTools.class)) {
      assertThat(context.getBeansOfType(ToolCallbackProvider.class))
          .containsOnlyKeys("ownTools", DshAutoConfiguration.PROVIDER_BEAN);
    }
  }

  @Test
  void aProfileThatDoesNotComposeFailsTheStartSayingWhy() throws Exception {
    Path broken = Files.createDirectories(home.resolve("profiles/broken"));
    Files.writeString(broken.resolve("profile.yml"), "bundles: [no-such-bundle]\n");

    assertThatThrownBy(() -> DshApp.run(List.of("dsh.home=" + home, "dsh.profile=broken")))
        .rootCause()
        .isInstanceOf(ProfileException.class)
        .hasMessageContaining("no-such-bundle");
  }

  @Test
  void disabledItMakesNoBeanAndReadsNoHome() {
    Path missing = home.resolve("not-there");
    try (ConfigurableApplicationContext context =
        DshApp.run(List.of("dsh.enabled=false", "dsh.home=" + missing))) {
      assertThat(context.getBeanNamesForType(Host.class)).isEmpty();
      assertThat(context.getBeanNamesForType(WebService.class)).isEmpty();
      assertThat(context.getBeanNamesForType(ToolCallback.class)).isEmpty();
      assertThat(context.getBeanNamesForType(ToolCallbackProvider.class)).isEmpty();
      assertThat(context.getBeanNamesForType(DshProperties.class)).isEmpty();
    }
    assertThat(Files.exists(missing)).isFalse();
  }
}
