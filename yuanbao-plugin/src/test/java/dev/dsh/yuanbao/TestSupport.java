package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Helpers shared by the provider tests. */
final class TestSupport {

  static final String KEY = "sk-test-0123456789";
  static final long HANG_BOUND_SECONDS = 10;

  private TestSupport() {}

  /**
   * The fixture folder {@code wsa/} of this module's test resources (see its README), as the
   * build copied it onto the test class path.
   */
  static Path fixtures() {
    java.net.URL folder = TestSupport.class.getResource("/wsa/README.md");
    if (folder == null) {
      throw new AssertionError("fixtures not found on the test class path: /wsa/README.md");
    }
    try {
      return Path.of(folder.toURI()).getParent();
    } catch (java.net.URISyntaxException e) {
      throw new AssertionError("fixture folder " + folder + " is not a file", e);
    }
  }

  static byte[] fixture(String name) {
    try {
      return Files.readAllBytes(fixtures().resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A loopback base URL on which nothing listens: connecting is refused. */
  static String refusedBaseUrl() {
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return "http://127.0.0.1:" + socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static YuanbaoConfig config(String baseURL) {
    return Configs.withApiKey(Configs.withBaseURL(Configs.defaults(), baseURL), KEY);
  }

  static YuanbaoSearchProvider provider(YuanbaoConfig config) {
    return new YuanbaoSearchProvider(config, Optional::empty, LaunchEnvironment.of(Map.of()));
  }

  static YuanbaoSearchProvider provider(
      YuanbaoConfig config, Optional<CredentialService> credentials, Map<String, String> env) {
    return new YuanbaoSearchProvider(config, () -> credentials, LaunchEnvironment.of(env));
  }

  static WebSearchResult search(YuanbaoSearchProvider provider, String query) {
    return await(provider.search(WebSearchRequest.of(query), AbortSignal.never()));
  }

  /** The stage's value, or its {@link WebError} rethrown; fails the test after the hang bound. */
  static WebSearchResult await(CompletionStage<WebSearchResult> stage) {
    try {
      return stage.toCompletableFuture().get(HANG_BOUND_SECONDS, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw new AssertionError("unexpected failure", e.getCause());
    } catch (TimeoutException e) {
      throw new AssertionError("search did not end within " + HANG_BOUND_SECONDS + " s", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The {@link WebError} the stage ends with. */
  static WebError failure(CompletionStage<WebSearchResult> stage) {
    Throwable thrown = catchThrowable(() -> await(stage));
    assertThat(thrown).isInstanceOf(WebError.class);
    return (WebError) thrown;
  }

  /** How many live threads have a name starting with {@code prefix}. */
  static long threadsNamed(String prefix) {
    return Thread.getAllStackTraces().keySet().stream()
        .filter(t -> t.isAlive() && t.getName().startsWith(prefix))
        .count();
  }
}
