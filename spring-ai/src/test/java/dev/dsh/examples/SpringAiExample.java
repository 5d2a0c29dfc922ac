package dev.dsh.examples;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/** A Spring Boot application whose chat model can search the web through dsh. */
@SpringBootApplication
public class SpringAiExample {

  public static void main(String[] args) {
    // --dsh.home=<home> (else $DSH_HOME or ~/.dsh); the ChatModel comes from your model's starter
    SpringApplication.run(SpringAiExample.class, args);
  }

  @Bean
  CommandLineRunner ask(ChatModel model, ToolCallbackProvider dshToolCallbackProvider) {
    return args -> {
      // a ChatClient does not pick tool beans up by itself: hand it the provider
      ChatClient chat =
          ChatClient.builder(model).defaultToolCallbacks(dshToolCallbackProvider).build();
      System.out.println(chat.prompt("What is DeepSeek R1? Cite your sources.").call().content());
    };
  }
}
