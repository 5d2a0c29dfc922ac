package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebService;
import dev.dsh.host.Host;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The API key in the home's config reaches SearchPro and nothing else: not the application's log,
 * not a bean's or the environment's {@code toString}, not what the model reads.
 */
@ExtendWith(OutputCaptureExtension.class)
class CanaryKeyTest {

  private static final String CANARY = "sk-canary-7f3e9b21";

  @Test
  void theKeyNeverLeavesTheRequestHeader(@TempDir Path home, CapturedOutput output) {
    List<String> seen = new ArrayList<>();
    try (SearchProStub stub =
        SearchProStub.routing(
            request ->
                request.body().contains("refuse me")
                    ? StubReply.status(401, "{\"message\":\"bad key " + CANARY + "\"}")
                    : StubReply.json(SearchProAnswers.onePage("r1")))) {
      StubbedHome.write(home, stub.baseUrl(), CANARY);
      try (ConfigurableApplicationContext context =
          DshApp.run(List.of("dsh.home=" + home, "logging.level.root=DEBUG"))) {
        ToolCallbackProvider provider = context.getBean(ToolCallbackProvider.class);
        seen.add(provider.getToolCallbacks()[0].call("{\"queries\":[\"DeepSeek R1\"]}"));
        seen.add(provider.getToolCallbacks()[0].call("{\"queries\":[\"refuse me\"]}"));
        seen.add(provider.getToolCallbacks()[0].call("{\"queries\":[]}"));
        seen.add(context.getBean(DshProperties.class).toString());
        seen.add(context.getBean(Host.class).toString());
        seen.add(context.getBean(WebService.class).toString());
        seen.add(provider.toString());
        seen.add(provider.getToolCallbacks()[0].toString());
        ConfigurableEnvironment environment = context.getEnvironment();
        environment.getPropertySources().forEach(source -> seen.add(source.toString()));
        seen.add(environment.toString());
      }
      assertThat(stub.searches())
          .as("the key reached SearchPro")
          .allSatisfy(request -> assertThat(request.hasHeader("Authorization", "Bearer " + CANARY))
              .isTrue());
    }

    assertThat(seen.get(0)).startsWith("Sources:\n- [Page r1]");
    assertThat(seen.get(1)).startsWith("Error: ");
    assertThat(seen).noneSatisfy(text -> assertThat(text).contains(CANARY));
    assertThat(output.getAll())
        .contains("Plugin 'dsh-web-search-yuanbao@0.1.0' resolved")
        .doesNotContain(CANARY);
  }
}
