package dev.dsh.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.host.tool.ToolResult;
import dev.dsh.host.tool.WebSearchTool;
import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolExecution;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@link DshWebSearchTool} in a real LangChain4j AI service with a scripted model, over an
 * embedded host loading the real plugin jar, the plugin searching a loopback stub.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DshWebSearchToolTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Duration HANG_BOUND = Duration.ofSeconds(20);

  /** The AI service of the tests. */
  public interface Assistant {
    Result<String> chat(String question);
  }

  private SearchProStub stub;
  private StubbedHost host;

  @BeforeAll
  void start(@TempDir Path home) throws Exception {
    stub = SearchProStub.routing(request -> answer(request.body()));
    host = StubbedHost.start(home, stub.baseUrl());
  }

  /** Pages about each query's subject; a 500 for a query saying "fail me". */
  private static StubReply answer(String body) {
    if (body.contains("fail me")) {
      return StubReply.status(500, "{\"message\":\"internal error\"}");
    }
    return StubReply.json(SearchProAnswers.pages(body.contains("mixture") ? "moe" : "deepseek", 3));
  }

  @BeforeEach
  void forget() {
    stub.forgetRequests();
  }

  @AfterAll
  void stop() {
    if (host != null) {
      host.close();
    }
    if (stub != null) {
      stub.close();
    }
  }

  private Assistant assistant(ScriptedChatModel model) {
    return AiServices.builder(Assistant.class)
        .chatModel(model)
        .tools(DshWebSearchTool.of(host.host()).asMap())
        .build();
  }

  /** What the host's own tool answers for {@code arguments}, the text MCP clients get. */
  private ToolResult hostTool(String arguments) throws Exception {
    return host.host().webSearchTool().orElseThrow()
        .call(arguments, AbortSignal.never())
        .toCompletableFuture()
        .get(HANG_BOUND.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Test
  void theModelIsOfferedTheHostToolsNameDescriptionAndSchema() {
    ScriptedChatModel model = new ScriptedChatModel(List.of(request -> AiMessage.from("No need.")));

    assistant(model).chat("Hello");

    List<ToolSpecification> offered = model.requests().get(0).toolSpecifications();
    assertThat(offered).hasSize(1);
    ToolSpecification spec = offered.get(0);
    assertThat(spec.name()).isEqualTo(WebSearchTool.NAME);
    assertThat(spec.description()).isEqualTo(WebSearchTool.DESCRIPTION);
    JsonNode schema = JSON.readTree(WebSearchTool.schema());
    // As LangChain4j writes the specification: the host tool's schema, whole.
    assertThat(JSON.readTree(spec.toJson()).get("parameters")).isEqualTo(schema);
    // As its provider modules put it in a request: the same, but that outside strict mode they
    // send no additionalProperties (the tool still refuses an unknown property by name).
    JsonNode sent = JSON.valueToTree(JsonSchemaElementUtils.toMap(spec.parameters()));
    ObjectNode nonStrict = (ObjectNode) schema.deepCopy();
    nonStrict.remove("additionalProperties");
    assertThat(sent).isEqualTo(nonStrict);
    assertThat(spec.parameters().properties()).containsOnlyKeys("queries", "site", "freshness");
  }

  @Test
  void anAiServiceSearchesEachQueryWithTheSiteAndTheModelGetsTheToolsText() throws Exception {
    String arguments =
        "{\"queries\": [\"DeepSeek R1\", \"mixture of experts\"], \"site\": \"www.gov.cn\"}";
    ScriptedChatModel model = ScriptedChatModel.callingWebSearch(arguments);

    Result<String> answer = assistant(model).chat("What is DeepSeek R1 and what is MoE?");

    assertThat(stub.bodies())
        .containsExactlyInAnyOrder(
            "{\"Query\":\"DeepSeek R1\",\"Cnt\":10,\"Site\":\"www.gov.cn\"}",
            "{\"Query\":\"mixture of experts\",\"Cnt\":10,\"Site\":\"www.gov.cn\"}");
    assertThat(model.requests()).hasSize(2);
    ToolExecutionResultMessage seen = ScriptedChatModel.toolResult(model.requests().get(1));
    assertThat(seen.toolName()).isEqualTo("web_search");
    assertThat(seen.isError()).isNotEqualTo(Boolean.TRUE);
    assertThat(seen.text())
        .contains("[Result 1 about deepseek](https://example.com/deepseek/1)")
        .contains("[Result 1 about moe](https://example.com/moe/1)")
        .isEqualTo(hostTool(arguments).text());
    assertThat(answer.content()).isEqualTo("The tool said: " + seen.text().lines().findFirst()
        .orElseThrow());
    // The host's result, with its merged sources, is what the service's tool execution carries.
    ToolExecution execution = answer.toolExecutions().get(0);
    assertThat(execution.resultObject())
        .isInstanceOfSatisfying(
            ToolResult.class,
            result -> assertThat(result.sources()).extracting(s -> s.url())
                .startsWith("https://example.com/deepseek/1", "https://example.com/moe/1"));
  }

  @Test
  void aFailedSearchReachesTheModelAsTheToolsError() throws Exception {
    String arguments = "{\"queries\": [\"fail me\"]}";
    ScriptedChatModel model = ScriptedChatModel.callingWebSearch(arguments);

    assistant(model).chat("Search something that fails");

    ToolExecutionResultMessage seen = ScriptedChatModel.toolResult(model.requests().get(1));
    assertThat(seen.isError()).isTrue();
    assertThat(seen.text())
        .startsWith("Error: ")
        .contains("500")
        .doesNotContain("sk-test")
        .isEqualTo(hostTool(arguments).text());
    assertThat(stub.bodies()).anySatisfy(body -> assertThat(body).contains("fail me"));
  }

  @Test
  void invalidArgumentsReachTheModelAsTheToolsErrorAndSearchNothing() {
    ScriptedChatModel model = ScriptedChatModel.callingWebSearch("{\"queries\": []}");

    assistant(model).chat("Search nothing");

    ToolExecutionResultMessage seen = ScriptedChatModel.toolResult(model.requests().get(1));
    assertThat(seen.isError()).isTrue();
    assertThat(seen.text())
        .isEqualTo("Error: invalid web_search arguments: \"queries\" must hold 1 to 4 queries,"
            + " got 0");
    assertThat(stub.bodies()).isEmpty();
  }
}
