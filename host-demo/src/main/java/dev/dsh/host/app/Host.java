package dev.dsh.host.app;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.ConfigException;
import dev.dsh.api.Plugin;
import dev.dsh.api.Scope;
import dev.dsh.api.ScopeState;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.web.ProviderStatus;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebService;
import dev.dsh.host.config.SchemaConfigValidator;
import dev.dsh.host.demo.ReplayServer;
import dev.dsh.host.plugins.LoadedPlugin;
import dev.dsh.host.plugins.PluginJars;
import dev.dsh.host.plugins.PluginLoadException;
import dev.dsh.host.plugins.PluginLoader;
import dev.dsh.host.plugins.PluginThreads;
import dev.dsh.host.profile.ComposedProfile;
import dev.dsh.host.profile.ProfileComposer;
import dev.dsh.host.profile.ProfileException;
import dev.dsh.host.profile.ProfileRow;
import dev.dsh.host.runtime.LifecycleListener;
import dev.dsh.host.runtime.ScopeInfo;
import dev.dsh.host.runtime.ScopeRuntime;
import dev.dsh.host.tool.WebSearchTool;
import dev.dsh.host.web.WebPlugin;
import dev.dsh.host.web.WebServiceImpl;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The running host: the installed plugins loaded through PF4J, the composed profile applied to one
 * {@link ScopeRuntime}, and the admin operations that keep the two in step.
 *
 * <p>Every admin operation (boot, {@link #reload()}, {@link #close()}) runs under one lock, so
 * loads, unloads and profile changes never interleave. Searches do not take it.
 *
 * <p>A row whose {@code name} is a built-in ({@code env}, {@code credentials}, {@code web}, {@code
 * tool-web}) or a loaded plugin's id is applied in a scope of its own, {@code root/<row id>}. A
 * plugin whose jar goes away or changes has its scopes disposed before PF4J unloads it.
 */
public final class Host implements AutoCloseable {

  private final HostOptions options;
  private final PluginLoader loader;
  private final ScopeRuntime runtime;
  private final BuiltinPlugins builtins;
  private final ProfileComposer composer;
  private final @Nullable ReplayServer replay;

  private final Object admin = new Object();
  private final Map<String, AppliedRow> applied = new LinkedHashMap<>();
  private final Map<Path, FileStamp> loadedJars = new HashMap<>();
  private final Map<Path, FileStamp> rejectedJars = new HashMap<>();
  private ComposedProfile current;
  /** Whether plugin loads and unloads are announced (by {@code dsh run}, not one-shot commands). */
  private boolean announce;
  // What plugins() answers: published after each load and unload, so a status never waits on a
  // loader that is waiting for a jar to settle (up to 10 s for one still being written).
  private volatile List<LoadedPlugin> loadedView = List.of();

  private record AppliedRow(ProfileRow row, Plugin plugin, Scope scope) {}

  /** Weak, so that a leftover thread that ends lets its plugin's class loader go. */
  private record LeftoverRef(String pluginId, WeakReference<Thread> thread) {}

  /** How long an unloaded plugin's threads get to end before they are reported. */
  private static final Duration THREAD_GRACE = Duration.ofSeconds(1);

  private final List<LeftoverRef> leftovers = java.util.Collections.synchronizedList(new ArrayList<>());

  private Host(HostOptions options, LifecycleListener lifecycle) {
    this.options = options;
    this.loader = new PluginLoader(options.home().root());
    this.runtime =
        new ScopeRuntime(new SchemaConfigValidator(), lifecycle, options.pluginDeadline());
    this.builtins = new BuiltinPlugins(options.home().root(), options.env());
    this.composer = new ProfileComposer(options.home().root(), loader.bundles());
    this.replay = options.demo() ? DemoProfile.prepare(options) : null;
    this.current = composer.baseOnly(options.profile());
  }

  /**
   * Boots for a one-shot command. A jar that does not load is reported through the event sink and
   * skipped (the others still serve). A profile that does not compose, a row that cannot be
   * applied, a failed built-in row, or a failed row that provider selection may need (the pinned
   * provider is not registered, or nothing is pinned and no provider is available) ends the boot;
   * any other failed row is reported in one line and the command goes on without it.
   *
   * @throws HostException listing every row problem; nothing is left running
   * @throws ProfileException when the profile does not compose
   */
  public static Host start(HostOptions options, LifecycleListener lifecycle) {
    Host host = new Host(options, lifecycle);
    try {
      host.syncPlugins().stream().map(OneLine::of).forEach(options.events());
      ComposedProfile profile = host.compose();
      List<String> problems = host.reconcile(profile);
      List<AppliedRow> failed = host.failedRows();
      boolean selectionNeedsThem = host.selectionNeedsAFailedRow();
      List<String> fatal = new ArrayList<>(problems);
      for (AppliedRow row : failed) {
        boolean builtin = host.builtins.find(row.row().name()).isPresent();
        if (builtin || selectionNeedsThem) {
          fatal.add(host.failureLine(row));
        }
      }
      if (!fatal.isEmpty()) {
        throw new HostException(fatal);
      }
      for (AppliedRow row : failed) {
        options.events().accept(OneLine.of(
            "row \"" + row.row().id() + "\" failed, auto-selection runs without it: "
                + FailureText.of(row.scope().error().orElse(null))));
        if (options.verbose()) {
          row.scope().error().map(FailureText::stackTrace).ifPresent(options.events());
        }
      }
      return host;
    } catch (RuntimeException | Error e) {
      host.close();
      throw e;
    }
  }

  /**
   * Boots for {@code dsh run}: problems are reported through the options' event sink and the host
   * serves what it can — the base layer alone when the profile does not compose.
   */
  public static Host serve(HostOptions options, LifecycleListener lifecycle) {
    Host host = new Host(options, lifecycle);
    host.announce = true;
    try {
      host.reload();
      return host;
    } catch (RuntimeException | Error e) {
      host.close();
      throw e;
    }
  }

  /**
   * Brings the host in step with the plugins folder and the profile files: loads new and replaced
   * jars, unloads removed ones, composes the profile again and applies the difference. When the
   * profile does not compose, the error is reported and the last good tree keeps serving.
   *
   * @return the problems found (also reported through the event sink, each folded onto one line)
   */
  public List<String> reload() {
    synchronized (admin) {
      List<String> problems = new ArrayList<>(syncPlugins());
      try {
        problems.addAll(reconcile(compose()));
      } catch (ProfileException e) {
        problems.add("profile not applied, the previous tree keeps serving: " + e.getMessage());
        // Plugins that went away must still lose their rows.
        problems.addAll(reconcile(current));
      }
      failedRows().forEach(row -> problems.add(failureLine(row)));
      problems.stream().map(OneLine::of).forEach(options.events());
      return problems;
    }
  }

  /** The composed profile now applied. */
  public ComposedProfile profile() {
    synchronized (admin) {
      return current;
    }
  }

  /** Runs one search through the web service, as {@code ctx.web.search} does. */
  public CompletionStage<WebSearchResult> search(WebSearchRequest request, AbortSignal signal) {
    Optional<WebService> web = runtime.root().get(WebService.KEY);
    if (web.isEmpty()) {
      return CompletableFuture.failedFuture(
          new WebError(
              WebErrorCodes.WEB_PROVIDER_UNAVAILABLE,
              "the web service is not running: the \"web\" row is disabled or failed"));
    }
    return web.get().search(request, signal);
  }

  /** The model-facing {@code web_search} tool, when the {@code tool-web} row is running. */
  public Optional<WebSearchTool> webSearchTool() {
    return runtime.root().get(WebSearchTool.KEY);
  }

  /** The credentials service, when the {@code credentials} row is running. */
  public Optional<CredentialService> credentials() {
    return runtime.root().get(CredentialService.KEY);
  }

  /** The registered search providers and their availability. */
  public List<ProviderStatus> providers() {
    return runtime.root().get(WebService.KEY).map(WebService::providers).orElse(List.of());
  }

  /** The loaded plugins, as of the last load or unload; never waits for one in progress. */
  public List<LoadedPlugin> plugins() {
    return loadedView;
  }

  /** A snapshot of every scope. */
  public List<ScopeInfo> scopes() {
    return runtime.scopes();
  }

  /** Disposes every scope, unloads every plugin, stops the demo endpoint. */
  @Override
  public void close() {
    synchronized (admin) {
      runtime.close();
      applied.clear();
      List<LoadedPlugin> plugins = loader.plugins();
      // Newest first, one at a time, each reported like an unload at runtime.
      for (int i = plugins.size() - 1; i >= 0; i--) {
        LoadedPlugin plugin = plugins.get(i);
        if (loader.unload(plugin.id()) && announce) {
          options.events().accept("unloaded plugin " + plugin.id() + "@" + plugin.version());
        }
      }
      loadedJars.clear();
      loader.close();
      loadedView = List.of();
      if (replay != null) {
        replay.close();
      }
    }
  }

  private ComposedProfile compose() {
    ComposedProfile composed = composer.compose(options.profile(), options.patch());
    return replay == null ? composed : DemoProfile.pointAtReplay(composed, replay.baseUrl());
  }

  /** Loads new and changed jars, unloads removed and changed ones. */
  private List<String> syncPlugins() {
    Map<Path, FileStamp> onDisk = new LinkedHashMap<>();
    for (Path jar : PluginJars.jarsIn(options.home().plugins())) {
      FileStamp.of(jar).ifPresent(stamp -> onDisk.put(jar, stamp));
    }
    for (LoadedPlugin plugin : loader.plugins()) {
      FileStamp now = onDisk.get(plugin.source());
      if (now == null) {
        unload(plugin);
      } else if (!now.equals(loadedJars.get(plugin.source()))) {
        // A new stamp is a replacement only when the bytes differ: a touched jar, or one whose
        // stamp was taken while the loader still waited for it to settle, keeps serving.
        if (FileStamp.sha256(plugin.source()).filter(plugin.sha256()::equals).isPresent()) {
          loadedJars.put(plugin.source(), now);
        } else {
          unload(plugin);
        }
      }
    }
    rejectedJars.keySet().retainAll(onDisk.keySet());
    List<String> problems = new ArrayList<>();
    onDisk.forEach(
        (jar, stamp) -> {
          if (loader.loadedFrom(jar).isPresent() || stamp.equals(rejectedJars.get(jar))) {
            return;
          }
          try {
            LoadedPlugin plugin = loader.load(jar);
            loadedView = loader.plugins();
            // The stamp from before the load, never a later one: a jar replaced while it loaded
            // then shows a new stamp, and its bytes are compared at the next sync.
            loadedJars.put(jar, stamp);
            rejectedJars.remove(jar);
            if (announce) {
              options.events().accept("loaded plugin " + plugin.id() + "@" + plugin.version());
            }
          } catch (PluginLoadException e) {
            rejectedJars.put(jar, FileStamp.of(jar).orElse(stamp));
            problems.add("plugin not loaded: " + e.getMessage());
          }
        });
    return problems;
  }

  private void unload(LoadedPlugin plugin) {
    Plugin entry = plugin.entry();
    ClassLoader classes = entry.getClass().getClassLoader();
    List<String> rows = new ArrayList<>(applied.keySet());
    for (int i = rows.size() - 1; i >= 0; i--) {
      AppliedRow row = applied.get(rows.get(i));
      if (row.plugin() == entry) {
        row.scope().dispose();
        applied.remove(rows.get(i));
      }
    }
    loadedJars.remove(plugin.source());
    List<Thread> left = PluginThreads.leftBehind(classes, THREAD_GRACE);
    loader.unload(plugin.id());
    loadedView = loader.plugins();
    if (announce) {
      options.events().accept("unloaded plugin " + plugin.id() + "@" + plugin.version());
    }
    reportLeftovers(plugin.id(), left);
  }

  private void reportLeftovers(String pluginId, List<Thread> left) {
    if (left.isEmpty()) {
      return;
    }
    leftovers.removeIf(ref -> ref.thread().get() == null);
    left.forEach(thread -> leftovers.add(new LeftoverRef(pluginId, new WeakReference<>(thread))));
    options.events().accept(
        "plugin " + pluginId + " left " + left.size()
            + (left.size() == 1 ? " thread" : " threads") + " running: "
            + left.stream().map(Thread::getName).collect(Collectors.joining(", ")));
  }

  /** Threads that unloaded plugins left running and that still run. */
  public List<LeftoverThread> leftoverThreads() {
    synchronized (leftovers) {
      List<LeftoverThread> out = new ArrayList<>();
      for (LeftoverRef ref : leftovers) {
        Thread thread = ref.thread().get();
        if (thread != null && thread.isAlive()) {
          out.add(new LeftoverThread(ref.pluginId(), thread.getName()));
        }
      }
      return out;
    }
  }

  /**
   * Applies {@code profile}: disposes rows gone, updates changed ones, applies new ones.
   *
   * @return the rows that could not be applied or updated; failed scopes are not among them
   */
  private List<String> reconcile(ComposedProfile profile) {
    List<String> problems = new ArrayList<>();
    Set<String> wanted =
        profile.enabledRows().stream().map(ProfileRow::id).collect(Collectors.toSet());
    List<String> ids = new ArrayList<>(applied.keySet());
    for (int i = ids.size() - 1; i >= 0; i--) {
      if (!wanted.contains(ids.get(i))) {
        applied.remove(ids.get(i)).scope().dispose();
      }
    }
    for (ProfileRow row : profile.enabledRows()) {
      Optional<Plugin> plugin = resolve(row.name());
      AppliedRow old = applied.get(row.id());
      if (plugin.isEmpty()) {
        if (old != null) {
          applied.remove(row.id()).scope().dispose();
        }
        problems.add(
            "row \"" + row.id() + "\": plugin \"" + row.name() + "\" is not installed or not loaded");
        continue;
      }
      if (old != null && old.plugin() == plugin.get()) {
        if (!old.row().config().equals(row.config())) {
          try {
            old.scope().update(row.config());
            applied.put(row.id(), new AppliedRow(row, plugin.get(), old.scope()));
          } catch (ConfigException e) {
            problems.add("row \"" + row.id() + "\" keeps its previous config: " + e.getMessage());
          }
        }
        continue;
      }
      if (old != null) {
        applied.remove(row.id()).scope().dispose();
      }
      Scope scope = runtime.apply(row.id(), plugin.get(), row.config());
      applied.put(row.id(), new AppliedRow(row, plugin.get(), scope));
    }
    current = profile;
    return problems;
  }

  private List<AppliedRow> failedRows() {
    return applied.values().stream()
        .filter(row -> row.scope().state() == ScopeState.FAILED)
        .toList();
  }

  /** {@code row "x" failed: <cause>}; with {@code --verbose}, the stack trace is reported too. */
  private String failureLine(AppliedRow row) {
    Throwable error = row.scope().error().orElse(null);
    if (options.verbose() && error != null) {
      options.events().accept(FailureText.stackTrace(error));
    }
    return "row \"" + row.row().id() + "\" failed: " + FailureText.of(error);
  }

  /**
   * Whether provider selection may need a failed plugin row: the pinned provider is not
   * registered (the failed row may be its), or nothing is pinned and no provider is available.
   */
  private boolean selectionNeedsAFailedRow() {
    Optional<String> pin = pin();
    if (pin.isPresent()) {
      return providers().stream().noneMatch(p -> p.id().equals(pin.get()));
    }
    return providers().stream().noneMatch(ProviderStatus::available);
  }

  /** The pinned provider id: the {@code web} row's {@code searchProvider}, else the variable. */
  private Optional<String> pin() {
    Optional<String> configured =
        current.enabledRows().stream()
            .filter(row -> row.id().equals(WebPlugin.NAME))
            .map(row -> row.config().get("searchProvider"))
            .filter(String.class::isInstance)
            .map(String.class::cast)
            .findFirst();
    return configured
        .or(() -> options.env().get(WebServiceImpl.PIN_VARIABLE))
        .filter(pin -> !pin.isBlank());
  }

  private Optional<Plugin> resolve(String name) {
    return builtins.find(name).or(() -> loader.plugin(name).map(LoadedPlugin::entry));
  }
}
