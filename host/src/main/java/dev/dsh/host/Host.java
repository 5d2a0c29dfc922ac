package dev.dsh.host;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.Plugin;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.plugins.LoadedPlugin;
import dev.dsh.host.internal.plugins.PluginLoader;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.runtime.RuntimeThread;
import dev.dsh.host.internal.runtime.ScopeRuntime;
import dev.dsh.host.internal.web.WebServiceImpl;
import dev.dsh.host.json.StatusJson;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.LifecycleListener;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ScopeInfo;
import dev.dsh.host.tool.WebSearchTool;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/** The running host, each row in scope {@code root/<row id>}; reads never wait for its admin. */
public final class Host implements AutoCloseable {

  private static final String WEB_NOT_RUNNING =
      "the web service is not running: the \"web\" row is disabled or failed";

  private final HostOptions options;
  private final ScopeRuntime runtime;
  private final Map<String, Plugin> builtins;
  private final ProfileComposer composer;
  final PluginSync plugins; // package-private like rows and admin: tests read the loaded jars
  final RowReconciler rows; // with admin, where ProfileEdits checks a config
  private final RowFailures failures;
  // Not the runtime's thread: a jar load may wait seconds for the file to settle and PF4J starts
  // plugin code, and neither may hold up scope transitions.
  final RuntimeThread admin;
  private volatile ComposedProfile current;
  private @Nullable Watcher watcher;

  private Host(HostOptions options, LifecycleListener lifecycle) {
    this.options = options;
    PluginLoader loader = new PluginLoader(options.home().root());
    this.failures = new RowFailures(options.verbose(), options.events());
    this.builtins = HostInspection.builtins(options, failures::refusal);
    this.composer = new ProfileComposer(options.home(), loader.bundles());
    this.current = composer.baseOnly(options.profile());
    this.plugins = new PluginSync(loader, options.home().plugins(), options.events());
    // the threads last, so that nothing above that throws leaves one running
    this.runtime =
        new ScopeRuntime(new SchemaConfigValidator(), lifecycle, options.pluginDeadline());
    this.rows = new RowReconciler(runtime,
        name -> Optional.ofNullable(builtins.get(name))
            .or(() -> loader.plugin(name).map(LoadedPlugin::entry)));
    this.admin = new RuntimeThread("dsh-admin");
  }

  /** Boots for a one-shot command; a {@link ProfileException} leaves nothing running. */
  public static Host start(HostOptions options, LifecycleListener lifecycle) {
    return boot(new Host(options, lifecycle), host -> {
      List<String> problems = host.admin.call(() -> {
        host.plugins.sync(host.rows::disposeRowsOf).stream().map(LifecycleEvent::oneLine)
            .forEach(options.events());
        List<String> found = new ArrayList<>(host.apply(host.compose()));
        found.addAll(host.failures.onBoot(host.rows.failed(), host.builtins.keySet(),
            host.web().flatMap(WebServiceImpl::of).flatMap(WebServiceImpl::pin),
            host.providers()));
        return found;
      });
      if (!problems.isEmpty()) {
        throw new ProfileException(String.join("\n", problems));
      }
    });
  }

  /** {@link #start(HostOptions, LifecycleListener)} for a program that embeds the host. */
  public static Host start(HostOptions options) {
    return start(options, LifecycleListener.none());
  }

  /** The host assembled as a boot would, nothing applied or loaded: {@link HostInspection}. */
  public static HostInspection inspect(HostOptions options) {
    return HostInspection.of(options);
  }

  /** Boots to serve on, as {@code dsh run} does: problems to the event sink, reloads on change. */
  public static Host serve(HostOptions options, LifecycleListener lifecycle) {
    return serve(options, lifecycle, true);
  }

  /** {@link #serve} for a program that reloads by calling {@link #reload()}: nothing is watched. */
  public static Host serveWithoutWatching(HostOptions options, LifecycleListener lifecycle) {
    return serve(options, lifecycle, false);
  }

  private static Host serve(HostOptions options, LifecycleListener lifecycle, boolean watch) {
    return boot(new Host(options, lifecycle), host -> {
      host.plugins.announce();
      // The watcher's first snapshot comes before the boot reads the files: a change is seen.
      host.watcher = watch ? new Watcher(options, host::reload) : null;
      host.reload();
      Optional.ofNullable(host.watcher).ifPresent(Watcher::start);
    });
  }

  private static Host boot(Host host, Consumer<Host> steps) {
    try {
      steps.accept(host);
    } catch (RuntimeException | Error e) {
      host.close();
      throw e;
    }
    return host;
  }

  /** Syncs the jars and applies the profile again, else keeps the last good tree; the problems. */
  public List<String> reload() {
    return admin.call(() -> {
      List<String> problems = new ArrayList<>(plugins.sync(rows::disposeRowsOf));
      try {
        problems.addAll(apply(compose()));
        failures.applied();
      } catch (ProfileException e) {
        problems.add(failures.notApplied(options.profile(), e));
        problems.addAll(apply(current)); // plugins that went away must still lose their rows
      }
      rows.failed().forEach(row -> problems.add(failures.line(row)));
      List<String> lines = problems.stream().map(LifecycleEvent::oneLine).toList();
      lines.forEach(options.events());
      WebServiceImpl.guarded(() -> options.activity().reloaded(lines), "reloaded");
      return problems;
    });
  }

  /** Why the profile's files are not applied, while they do not compose (a serving host only). */
  public Optional<String> profileProblem() {
    return failures.problem();
  }

  /** Runs one search through the web service, as {@code ctx.web.search} does. */
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    return web().map(web -> web.search(request, signal)).orElseGet(() -> CompletableFuture
        .failedFuture(new WebError(WebErrorCodes.WEB_PROVIDER_UNAVAILABLE, WEB_NOT_RUNNING)));
  }

  /** Which provider a search would get now, whether one is pinned, or why none (in its words). */
  public record ProviderChoice(Optional<String> provider, boolean pinned, Optional<String> reason) {}

  /** Asks the web service now which provider a search would get. */
  public ProviderChoice providerChoice() {
    Optional<WebServiceImpl> web = web().flatMap(WebServiceImpl::of);
    if (web.isEmpty()) {
      return new ProviderChoice(Optional.empty(), false, Optional.of(WEB_NOT_RUNNING));
    }
    boolean pinned = web.get().pin().isPresent();
    try {
      return new ProviderChoice(Optional.of(web.get().selected()), pinned, Optional.empty());
    } catch (WebError e) {
      return new ProviderChoice(Optional.empty(), pinned, Optional.of(e.getMessage()));
    }
  }

  /** {@code ctx.web} of the running tree, while the {@code web} row runs: a provider per call. */
  public Optional<WebService> web() {
    return runtime.root().get(WebService.KEY);
  }

  /** The {@code tool-web} row's {@code web_search}, while that row runs. */
  public Optional<WebSearchTool> webSearchTool() {
    return runtime.root().get(WebSearchTool.KEY);
  }

  /** The registered search providers and their availability. */
  public List<ProviderStatus> providers() {
    return web().map(WebService::providers).orElse(List.of());
  }

  /** Searches waiting in each registered provider's line, by provider id. */
  public Map<String, Integer> queueDepths() {
    return web().flatMap(WebServiceImpl::of)
        .map(WebServiceImpl::queueDepths).orElse(Map.of());
  }

  /** The loaded plugins, as of the last load or unload; never waits for one in progress. */
  public List<StatusJson.Plugin> plugins() {
    return plugins.plugins().stream()
        .map(p -> new StatusJson.Plugin(p.jar().id(), p.jar().version(), p.state().toString()))
        .toList();
  }

  /** A snapshot of every scope, as of the runtime's last transition; never waits for one. */
  public List<ScopeInfo> scopes() {
    return runtime.scopes();
  }

  /** The state now, as {@code dsh run}'s {@code status} and {@code GET /api/status} give it. */
  public StatusJson status() {
    List<StatusJson.RefusedConfig> refused = rows.refused();
    List<StatusJson.Leftover> left = plugins.leftovers();
    return new StatusJson(plugins(), scopes().stream()
        .map(s -> new StatusJson.Scope(s.id(), s.state().name())).toList(), providers(),
        profileProblem().orElse(null), refused.isEmpty() ? null : refused,
        left.isEmpty() ? null : left);
  }

  /** Stops watching, disposes every scope, unloads every plugin. */
  @Override
  public void close() {
    Optional.ofNullable(watcher).ifPresent(Watcher::close);
    admin.run(() -> {
      runtime.close();
      rows.clear();
      plugins.closeAll();
    });
    admin.stop();
  }

  private ComposedProfile compose() {
    ComposedProfile next = composer.compose(options.profile(), options.patch(), options.layers());
    next.notes().forEach(options.events());
    return next;
  }

  private List<String> apply(ComposedProfile profile) {
    List<String> problems = rows.reconcile(profile);
    current = profile;
    return problems;
  }
}
