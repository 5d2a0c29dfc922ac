package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/** One real search against Tencent's service; runs only when the key is exported. */
@Tag("e2e")
@EnabledIfEnvironmentVariable(named = "TENCENTCLOUD_WSA_APIKEY", matches = ".+")
class LiveSmokeTest {

  @Test
  void realSearchReturnsHttpSources() throws Exception {
    try (var provider =
        new YuanbaoSearchProvider(Configs.defaults(), Optional::empty, LaunchEnvironment.system())) {
      WebSearchResult result =
          provider
              .search(WebSearchRequest.of("DeepSeek"), AbortSignal.timeout(Duration.ofSeconds(30)))
              .toCompletableFuture()
              .get(40, TimeUnit.SECONDS);
      assertThat(result.sources()).isNotEmpty();
      assertThat(result.sources())
          .anySatisfy(s -> assertThat(URI.create(s.url()).getScheme()).isIn("http", "https"));
    }
  }
}
