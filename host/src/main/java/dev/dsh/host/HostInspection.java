package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.api.Plugin;
import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.credentials.CredentialsPlugin;
import dev.dsh.host.internal.credentials.CredentialsPlugin.CredentialsConfig;
import dev.dsh.host.internal.env.EnvPlugin;
import dev.dsh.host.internal.plugins.PluginJar.Scan;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigSecrets;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.internal.web.WebPlugin;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;

/**
 * The profile and the jars read as a boot would, nothing run; a profile that does not compose
 * still shows its jars, and each method that needs it throws its {@link ProfileException}.
 */
public final class HostInspection {

  /** An installed plugin jar; {@code rows}: its enabled rows (none while nothing composes). */
  public record PluginJar(
      Path file, String id, String version, boolean enabled, List<String> rows) {}

  /** A row as a form shows it: its layers, config without secrets, its secret fields' pointers. */
  public record FormRow(String id, String plugin, boolean disabled, String origin,
      String configOrigin, Map<String, String> fieldOrigins, Optional<JsonNode> schema,
      Map<String, Object> config, SortedSet<String> secretsSet, SortedSet<String> secretFields,
      SortedSet<String> credentialRefs) {

    @Override
    public Optional<JsonNode> schema() {
      return schema.map(JsonNode::deepCopy); // a caller's change never reaches the next one
    }
  }

  /** A credential reference, never its value; {@code rows}: the enabled rows naming it. */
  public record FormCredential(String ref, boolean configured, Optional<CredentialSource> source,
      boolean writable, List<String> rows) {}

  private final HostOptions options;
  private final Scan read;
  private final List<PluginJar> jars;
  private final Map<String, Plugin> builtins; // for config types only
  private final @Nullable ComposedProfile profile;
  private final @Nullable ProfileException notComposed;

  private HostInspection(HostOptions options, Scan read, ProfileSpec spec,
      @Nullable ComposedProfile profile, @Nullable ProfileException notComposed) {
    this.options = options;
    this.read = read;
    this.profile = profile;
    this.notComposed = notComposed;
    this.builtins = builtins(options, Optional::empty);
    List<ProfileRow> rows = profile == null ? List.of() : profile.enabledRows();
    this.jars = read.jars().stream()
        .map(jar -> new PluginJar(jar.file(), jar.id(), jar.version(),
            spec.bundles().contains(jar.id()),
            rows.stream().filter(row -> row.name().equals(jar.id())).map(ProfileRow::id).toList()))
        .toList();
  }

  /** The host's own plugins by name; {@code refusal}: a search's error while none is registered. */
  static Map<String, Plugin> builtins(HostOptions options, Supplier<Optional<String>> refusal) {
    return Stream.of(new EnvPlugin(options.env()),
            new CredentialsPlugin(options.home().root(), options.events()),
            new WebPlugin(options.activity(), refusal), new WebToolPlugin())
        .collect(Collectors.toMap(Plugin::name, plugin -> plugin));
  }

  static HostInspection of(HostOptions options) {
    return of(options, Scan.of(options.home()));
  }

  private static HostInspection of(HostOptions options, Scan jars) {
    String name = options.profile();
    ProfileComposer composer = new ProfileComposer(options.home(), jars.bundles());
    ProfileSpec spec = ProfileSpec.of(options.home(), name);
    try {
      ComposedProfile composed = composer.compose(name, options.patch(), options.layers());
      return new HostInspection(options, jars, spec, composed, null);
    } catch (ProfileException e) {
      return new HostInspection(options, jars, spec, null, e);
    }
  }

  HostInspection again() {
    return of(options, read);
  }

  /** The rows of {@code pluginId}'s bundle the user's layers override: its {@code removedRows}. */
  List<String> keptRows(String pluginId) {
    Set<String> overridden = new ProfileComposer(options.home(), read.bundles())
        .userOverrides(options.profile(), options.patch());
    return read.bundles().apply(pluginId).stream().flatMap(bundle -> bundle.insertedRowIds().stream())
        .filter(overridden::contains).toList();
  }

  /** The installed jars that read as plugins, in file-name order. */
  public List<PluginJar> jars() {
    return jars;
  }

  /** The installed jars a boot would skip (not a loadable plugin, a second of an id), in order. */
  public List<PluginLoadException> refusedJars() {
    return read.failures();
  }

  /** One line each about an entry kept but skipped (it overrides a row of a removed plugin). */
  public List<String> notes() {
    return composed().notes();
  }

  /** The ids of the rows a boot would apply, in order. */
  public List<String> enabledRows() {
    return composed().enabledRows().stream().map(ProfileRow::id).toList();
  }

  /** The composed profile as YAML with each field's layer, secrets {@code <redacted>}. */
  public String configYaml() {
    return composed().dump(this::schema);
  }

  /** The credential names the enabled rows use ({@code x-credential-reference} fields). */
  public SortedSet<String> credentialRefs() {
    SortedSet<String> refs = new TreeSet<>();
    composed().enabledRows().forEach(row -> refs.addAll(credentialRefs(row)));
    return Collections.unmodifiableSortedSet(refs);
  }

  /** The credentials service the row would mount; a {@link ConfigException} names a bad field. */
  public CredentialService credentials() {
    Map<String, Object> config = composed().row("credentials")
        .filter(row -> !row.disabled()).map(ProfileRow::config).orElse(Map.of());
    CredentialsConfig settings = new SchemaConfigValidator()
        .validate("credentials", CredentialsConfig.class, config)
        .bind(CredentialsConfig.class);
    return new CredentialsPlugin(options.home().root(), options.events())
        .service(settings, options.env());
  }

  /** Every row with its schema and its config without secrets: what a config form shows. */
  public List<FormRow> formRows() {
    ComposedProfile profile = composed();
    return profile.rows().stream().map(row -> {
      JsonNode schema = schema(row.name()).orElse(null);
      return new FormRow(row.id(), row.name(), row.disabled(),
          profile.origin(row.id()).orElseThrow(), profile.configOrigin(row.id()).orElseThrow(),
          profile.fieldOrigins(row.id()), Optional.ofNullable(schema),
          ConfigSecrets.without(row.config(), schema),
          ConfigSecrets.setPointers(row.config(), schema), ConfigSecrets.declaredPointers(schema),
          credentialRefs(row));
    }).toList();
  }

  /** Each credential the enabled rows name, with its source and those rows; never its value. */
  public List<FormCredential> formCredentials() {
    CredentialService credentials = credentials();
    Map<String, List<String>> users = new TreeMap<>();
    composed().enabledRows().forEach(row -> credentialRefs(row)
        .forEach(ref -> users.computeIfAbsent(ref, r -> new ArrayList<>()).add(row.id())));
    return users.entrySet().stream().map(use -> {
      CredentialDescription description = credentials.describe(CredentialRef.of(use.getKey()));
      return new FormCredential(use.getKey(), description.configured(),
          description.sourceOpt(), description.writable(), List.copyOf(use.getValue()));
    }).toList();
  }

  /** The config schema of the plugin {@code pluginName}: a built-in's type's, or its jar's. */
  Optional<JsonNode> schema(String pluginName) {
    return Optional.ofNullable(builtins.get(pluginName)).flatMap(Plugin::configType)
        .map(type -> (JsonNode) SchemaConfigValidator.tree(type))
        .or(() -> read.jar(pluginName).flatMap(jar -> jar.configSchema()));
  }

  /** Each field marked {@code x-credential-reference}: the row's value, else the default. */
  SortedSet<String> credentialRefs(ProfileRow row) {
    SortedSet<String> refs = new TreeSet<>();
    schema(row.name()).map(s -> s.path("properties")).ifPresent(fields -> fields.properties()
        .forEach(field -> {
          JsonNode spec = field.getValue();
          Object value = row.config().get(field.getKey());
          String name = value instanceof String s ? s
              : spec.hasNonNull("default") ? spec.get("default").asString() : null;
          if (spec.path("x-credential-reference").asBoolean(false) && name != null
              && CredentialRef.NAME.matcher(name).matches()) {
            refs.add(name);
          }
        }));
    return Collections.unmodifiableSortedSet(refs);
  }

  /** The composed profile, or a fresh copy of why it does not compose (the cause kept). */
  ComposedProfile composed() {
    if (profile == null) {
      throw new ProfileException(Objects.requireNonNull(notComposed).getMessage(), notComposed);
    }
    return profile;
  }
}
