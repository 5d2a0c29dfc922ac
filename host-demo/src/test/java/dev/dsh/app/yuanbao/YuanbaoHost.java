package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.credentials.CredentialsPlugin;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.ActivityListener;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.testing.WsaFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A host slice for one test: the real plugin jar loaded through PF4J into a temp home, and a scope
 * runtime with the real schema validator, the built-in {@code env} plugin over a mutable map, and —
 * as the test chooses — the built-in {@code credentials} and {@code web} plugins (or a {@link
 * CountingWebPlugin}), then the {@code web-search-yuanbao} row.
 */
final class YuanbaoHost implements AutoCloseable {

  static final String ROW_ID = "web-search-yuanbao";
  static final String KEY_VARIABLE = "TENCENTCLOUD_WSA_APIKEY";
  static final long HANG_BOUND_SECONDS = 5;

  /** The launch environment the {@code env} row provides; tests may change it between searches. */
  final Map<String, String> env = new ConcurrentHashMap<>();

  /** Every life-cycle event of the runtime, in order. */
  final List<LifecycleEvent> events = new CopyOnWriteArrayList<>();

  private final Path home;
  private final PluginLoader loader;
  private final LoadedPlugin plugin;
  private final ScopeRuntime runtime;

  YuanbaoHost(Path home) {
    this.home = home;
    this.loader = new PluginLoader(home);
    this.plugin = loader.load(pluginJar());
    this.runtime = new ScopeRuntime(new SchemaConfigValidator(), events::add, Duration.ofSeconds(10));
    runtime.apply("env", new EnvPlugin(name -> Optional.ofNullable(env.get(name))), Map.of());
  }

  /** The plugin jar the reactor built (copied by the build into target/dist/bundled-plugins). */
  static Path pluginJar() {
    String path = System.getProperty("dsh.test.pluginJar");
    if (path == null || !Files.isRegularFile(Path.of(path))) {
      throw new IllegalStateException(
          "the plugin jar is missing: run the tests through 'mvn verify' from the repository root");
    }
    return Path.of(path);
  }

  /** The text of a SearchPro fixture of the test resources ({@code wsa/}). */
  static String fixture(String name) {
    return WsaFixtures.text(name);
  }

  /** Mounts the built-in credentials service over {@code credentials.json} in the home. */
  YuanbaoHost withCredentials() {
    assertActive(runtime.apply("credentials", new CredentialsPlugin(home, line -> {}), Map.of()));
    return this;
  }

  /** Applies the built-in {@code web} row with {@code config} (e.g. a {@code searchProvider}). */
  YuanbaoHost withWeb(Map<String, ?> config) {
    assertActive(runtime.apply("web", new WebPlugin(ActivityListener.NONE, Optional::empty), config));
    return this;
  }

  /** Applies a {@code web} row that records every provider registration. */
  YuanbaoHost withWeb(CountingWebPlugin web) {
    assertActive(runtime.apply("web", web, Map.of()));
    return this;
  }

  /** Applies the plugin's entry, found through PF4J's extension index, as the Yuanbao row. */
  Scope applyYuanbao(Map<String, ?> config) {
    return runtime.apply(ROW_ID, plugin.entry(), config);
  }

  LoadedPlugin plugin() {
    return plugin;
  }

  ScopeRuntime runtime() {
    return runtime;
  }

  /** The live row {@code root/<id>}. */
  Scope row(String id) {
    return runtime.root().scope().children().stream()
        .filter(scope -> scope.id().equals("root/" + id)).findFirst().orElseThrow();
  }

  WebService web() {
    return runtime.root().get(WebService.KEY).orElseThrow();
  }

  CredentialService credentials() {
    return runtime.root().get(CredentialService.KEY).orElseThrow();
  }

  /** The events of the Yuanbao row's scope, by kind. */
  List<LifecycleEvent.Kind> yuanbaoEvents() {
    return events.stream()
        .filter(e -> e.scopeId().equals("root/" + ROW_ID))
        .map(LifecycleEvent::kind)
        .toList();
  }

  WebSearchResult search(WebSearchRequest request) {
    try {
      return web()
          .search(request, AbortSignal.never())
          .toCompletableFuture()
          .get(HANG_BOUND_SECONDS, TimeUnit.SECONDS);
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

  WebSearchResult search(String query) {
    return search(WebSearchRequest.of(query));
  }

  /** The {@link WebError} a search for {@code query} ends with. */
  WebError failure(String query) {
    Throwable thrown = catchThrowable(() -> search(query));
    assertThat(thrown).isInstanceOf(WebError.class);
    return (WebError) thrown;
  }

  static void assertActive(Scope scope) {
    assertThat(scope.state())
        .as("state of %s (error: %s)", scope.id(), scope.error().map(Throwable::getMessage))
        .isEqualTo(ScopeState.ACTIVE);
  }

  /** Disposes every scope, then unloads the plugin. */
  @Override
  public void close() {
    runtime.close();
    loader.unload(plugin.jar().id());
  }
}
