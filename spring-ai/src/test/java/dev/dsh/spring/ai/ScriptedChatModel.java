package dev.dsh.spring.ai;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.springframework.ai.chat.messages.AssistantMessage;
import org.springframework.ai.chat.messages.Message;
import org.springframework.ai.chat.messages.ToolResponseMessage;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.ai.model.tool.ToolCallingChatOptions;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;

/**
 * A chat model with a script: to a prompt without a tool's answer it replies by asking for {@code
 * web_search} with fixed JSON arguments; to one with the answer, it replies {@code The tool
 * said:} and the tool's text, as a model that read it would. Every prompt is kept.
 */
public final class ScriptedChatModel implements ChatModel {

  public static final String PREFIX = "The tool said:\n";

  private final String arguments;
  private final List<Prompt> prompts = new CopyOnWriteArrayList<>();

  public ScriptedChatModel(String arguments) {
    this.arguments = arguments;
  }

  @Override
  public ChatResponse call(Prompt prompt) {
    prompts.add(prompt);
    Optional<ToolResponseMessage.ToolResponse> answered = toolResponse(prompt);
    AssistantMessage.ToolCall ask =
        new AssistantMessage.ToolCall("call-1", "function", "web_search", arguments);
    AssistantMessage reply =
        answered.isEmpty()
            ? AssistantMessage.builder().content("").toolCalls(List.of(ask)).build()
            : new AssistantMessage(PREFIX + answered.get().responseData());
    return new ChatResponse(List.of(new Generation(reply)));
  }

  // Tools are offered through the options: the model's must be tool-calling options, as a real
  // model's are, or the chat client leaves its tools out.
  @Override
  public ChatOptions getOptions() {
    return ToolCallingChatOptions.builder().build();
  }

  /** The prompts the model was sent, in order. */
  List<Prompt> prompts() {
    return List.copyOf(prompts);
  }

  /** The tools the first prompt offered, as the model sees them. */
  List<ToolDefinition> offeredTools() {
    ChatOptions options = prompts.get(0).getOptions();
    return ((ToolCallingChatOptions) options)
        .getToolCallbacks().stream().map(ToolCallback::getToolDefinition).toList();
  }

  /** The tool's answer the last prompt carried. */
  Optional<ToolResponseMessage.ToolResponse> lastToolResponse() {
    return prompts.isEmpty() ? Optional.empty() : toolResponse(prompts.get(prompts.size() - 1));
  }

  private static Optional<ToolResponseMessage.ToolResponse> toolResponse(Prompt prompt) {
    List<Message> messages = prompt.getInstructions();
    return messages.stream()
        .filter(ToolResponseMessage.class::isInstance)
        .map(message -> ((ToolResponseMessage) message).getResponses())
        .flatMap(List::stream)
        .reduce((first, second) -> second);
  }
}
