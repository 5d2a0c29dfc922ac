package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.Host;
import dev.dsh.host.tool.WebSearchTool;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.ai.tool.definition.ToolDefinition;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The tool through Spring AI's {@link ChatClient} as a user wires it: a Boot application with the
 * auto-configuration, its provider handed to {@code defaultToolCallbacks}, a scripted model asking
 * for {@code web_search}, the host loading the real plugin jar, the plugin searching a stub.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChatClientToolTest {

  private SearchProStub stub;
  private ConfigurableApplicationContext context;

  @BeforeAll
  void start(@TempDir Path home) {
    stub = SearchProStub.routing(request -> StubReply.json(answer(request.body())));
    StubbedHome.write(home, stub.baseUrl(), "sk-test");
    context = DshApp.run(List.of("dsh.home=" + home));
  }

  private static String answer(String body) {
    if (body.contains("refuse me")) {
      return "{\"Response\":{\"RequestId\":\"r-e\",\"Error\":{\"Code\":\"RequestLimitExceeded\","
          + "\"Message\":\"too many requests\"}}}";
    }
    return SearchProAnswers.pages(body.contains("V3") ? "v3" : "r1", 3);
  }

  @AfterAll
  void stop() {
    if (context != null) {
      context.close();
    }
    if (stub != null) {
      stub.close();
    }
  }

  /** Asks the chat client once, the model asking for the tool with {@code arguments}. */
  private ScriptedChatModel ask(String arguments) {
    ScriptedChatModel model = new ScriptedChatModel(arguments);
    ChatClient client =
        ChatClient.builder(model)
            .defaultToolCallbacks(context.getBean(ToolCallbackProvider.class))
            .build();
    String answer = client.prompt("What are DeepSeek R1 and V3?").call().content();
    assertThat(model.prompts()).hasSize(2);
    String toolText = model.lastToolResponse().orElseThrow().responseData();
    assertThat(answer).isEqualTo(ScriptedChatModel.PREFIX + toolText);
    return model;
  }

  /** What the host's own web_search tool answers to {@code arguments}. */
  private String hostToolText(String arguments) throws Exception {
    WebSearchTool tool = context.getBean(Host.class).webSearchTool().orElseThrow();
    return tool.call(arguments, AbortSignal.never()).toCompletableFuture().get().text();
  }

  @Test
  void theModelIsOfferedTheHostToolsNameDescriptionAndSchema() {
    ScriptedChatModel model = ask("{\"queries\":[\"DeepSeek R1\"]}");

    assertThat(model.offeredTools())
        .singleElement()
        .satisfies(
            tool -> {
              assertThat(tool.name()).isEqualTo("web_search");
              assertThat(tool.description()).isEqualTo(WebSearchTool.DESCRIPTION);
              assertThat(tool.inputSchema()).isEqualTo(WebSearchTool.schema());
            });
  }

  @Test
  void twoQueriesAndASiteReachTheStubAndTheModelGetsTheHostToolsText() throws Exception {
    String arguments = "{\"queries\":[\"DeepSeek R1\",\"DeepSeek V3\"],\"site\":\"www.gov.cn\"}";
    int before = stub.bodies().size();

    ScriptedChatModel model = ask(arguments);

    assertThat(stub.bodies().subList(before, stub.bodies().size()))
        .containsExactlyInAnyOrder(
            "{\"Query\":\"DeepSeek R1\",\"Cnt\":10,\"Site\":\"www.gov.cn\"}",
            "{\"Query\":\"DeepSeek V3\",\"Cnt\":10,\"Site\":\"www.gov.cn\"}");
    String seen = model.lastToolResponse().orElseThrow().responseData();
    assertThat(seen)
        .startsWith("Sources:\n- [Result 1 about r1](https://example.com/r1/1)")
        .contains("(https://example.com/v3/1)")
        .isEqualTo(hostToolText(arguments));
    assertThat(model.lastToolResponse().orElseThrow().name()).isEqualTo("web_search");
  }

  @Test
  void invalidArgumentsReachTheModelAsTheToolsErrorAndNothingIsSearched() throws Exception {
    String arguments = "{\"queries\":[\"a\",\"b\",\"c\",\"d\",\"e\"]}";
    int before = stub.bodies().size();

    ScriptedChatModel model = ask(arguments);

    String seen = model.lastToolResponse().orElseThrow().responseData();
    assertThat(seen)
        .isEqualTo(
            "Error: invalid web_search arguments: \"queries\" must hold 1 to 4 queries, got 5")
        .isEqualTo(hostToolText(arguments));
    assertThat(stub.bodies()).hasSize(before);
  }

  @Test
  void theServicesRefusalReachesTheModelAsTheToolsError() {
    ScriptedChatModel model = ask("{\"queries\":[\"refuse me\"]}");

    assertThat(model.lastToolResponse().orElseThrow().responseData())
        .isEqualTo("Error: too many requests");
  }

  @Test
  void theProviderHoldsTheOneCallbackTheContextHas() {
    ToolCallbackProvider provider = context.getBean(ToolCallbackProvider.class);

    assertThat(provider.getToolCallbacks())
        .containsExactly(context.getBean(WebSearchToolCallback.class));
    ToolDefinition definition = provider.getToolCallbacks()[0].getToolDefinition();
    assertThat(definition.name()).isEqualTo(WebSearchTool.NAME);
  }
}
