package dev.dsh.spring.ai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.context.ConfigurableApplicationContext;
import tools.jackson.core.json.PackageVersion;

/**
 * Under the Jackson a Boot 4.0 application gives the host (3.1.x, whose byte parser lets overlong
 * UTF-8 through in a string it skips), a body with one is still invalid as a whole.
 */
class OlderJacksonUtf8Test {

  @Test
  void anOverlongFormInASkippedValueMakesTheBodyInvalid(@TempDir Path home) {
    assertThat(PackageVersion.VERSION.getMinorVersion())
        .as("the test means a Jackson older than 3.3: %s", PackageVersion.VERSION)
        .isLessThan(3);
    String answer = SearchProAnswers.onePage("r1");
    ByteArrayOutputStream overlong = new ByteArrayOutputStream();
    overlong.writeBytes("{\"RequestId\":\"x".getBytes(StandardCharsets.UTF_8));
    overlong.writeBytes(new byte[] {(byte) 0xC0, (byte) 0x80});
    overlong.writeBytes(("\"," + answer.strip().substring(1)).getBytes(StandardCharsets.UTF_8));
    try (SearchProStub stub =
        SearchProStub.routing(
            request ->
                request.body().contains("broken")
                    ? StubReply.json(overlong.toByteArray())
                    : StubReply.json(answer))) {
      StubbedHome.write(home, stub.baseUrl(), "sk-test");
      try (ConfigurableApplicationContext context = DshApp.run(List.of("dsh.home=" + home))) {
        WebService web = context.getBean(WebService.class);

        assertThat(search(web, "whole").sources()).hasSize(1);
        assertThat(catchThrowable(() -> search(web, "broken")))
            .isInstanceOf(CompletionException.class)
            .cause()
            .hasMessage("Yuanbao returned an invalid response body");
      }
    }
  }

  private static WebSearchResult search(WebService web, String query) {
    return web.search(WebSearchRequest.of(query), AbortSignal.never())
        .toCompletableFuture()
        .orTimeout(20, TimeUnit.SECONDS)
        .join();
  }
}
