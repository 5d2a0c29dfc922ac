package dev.dsh.examples;

import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.langchain4j.DshWebSearchTool;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.Result;
import dev.langchain4j.service.tool.ToolExecution;
import java.io.PrintStream;
import java.nio.file.Path;

/** dsh's web_search tool in a LangChain4j AI service, and what the model got from it. */
public final class LangChain4jToolExample {

  /** Your AI service; a Result also carries the tool calls the model made. */
  public interface Assistant {
    Result<String> chat(String question);
  }

  /** Asks {@code model} (OpenAiChatModel, AnthropicChatModel, ...) a question it may search for. */
  public static void run(Path home, ChatModel model, PrintStream out) {
    try (Host host = Host.start(HostOptions.of(home, "default"))) {
      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(model)
              .tools(DshWebSearchTool.of(host).asMap()) // web_search: 1-4 queries, site, freshness
              .build();

      Result<String> answer =
          assistant.chat("What is DeepSeek R1, and what is a mixture of experts?");
      for (ToolExecution call : answer.toolExecutions()) {
        out.println(call.request().name() + " " + call.request().arguments());
        // the text the model got: the sources as markdown links, or "Error: ..."
        out.println(call.result());
      }
      out.println(answer.content());
    }
  }
}
