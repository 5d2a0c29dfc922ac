package dev.dsh.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * A chat model answering from a script, one step per request, and keeping every request it was
 * sent (messages and tool specifications), as a provider's model would receive them.
 */
public final class ScriptedChatModel implements ChatModel {

  private final Deque<Function<ChatRequest, AiMessage>> steps;
  private final List<ChatRequest> requests = new CopyOnWriteArrayList<>();

  /** A model answering its n-th request with the n-th step. */
  public ScriptedChatModel(List<Function<ChatRequest, AiMessage>> steps) {
    this.steps = new ArrayDeque<>(steps);
  }

  /**
   * A model that first calls {@code web_search} with {@code argumentsJson}, then answers with the
   * first line of the tool's text.
   */
  public static ScriptedChatModel callingWebSearch(String argumentsJson) {
    return new ScriptedChatModel(
        List.of(
            request ->
                AiMessage.from(
                    ToolExecutionRequest.builder()
                        .id("call-1")
                        .name("web_search")
                        .arguments(argumentsJson)
                        .build()),
            request -> AiMessage.from("The tool said: " + toolResult(request).text().lines()
                .findFirst().orElse(""))));
  }

  /** The last tool result the request carries back to the model. */
  public static ToolExecutionResultMessage toolResult(ChatRequest request) {
    List<ChatMessage> messages = request.messages();
    ChatMessage last = messages.get(messages.size() - 1);
    if (last instanceof ToolExecutionResultMessage result) {
      return result;
    }
    throw new AssertionError("the request does not end with a tool result: " + last);
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    Function<ChatRequest, AiMessage> step = steps.poll();
    if (step == null) {
      throw new AssertionError("the model was sent more requests than scripted: " + request);
    }
    return ChatResponse.builder().aiMessage(step.apply(request)).build();
  }

  /** The requests the model was sent, in order. */
  public List<ChatRequest> requests() {
    return List.copyOf(requests);
  }
}
