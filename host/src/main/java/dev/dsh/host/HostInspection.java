package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.credentials.CredentialsConfig;
import dev.dsh.host.internal.credentials.CredentialsPlugin;
import dev.dsh.host.internal.plugins.PluginJars;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigDump;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedSet;
import org.jspecify.annotations.Nullable;

/**
 * The host assembled as a boot assembles it, without applying it: the profile composed with the
 * options' layers, and the installed jars read from their manifests, bundle patches and config
 * schemas. No row is applied, no plugin loaded, no class of a jar run. Made by {@link
 * Host#inspect}; it is what {@code dsh --dump-config}, the {@code credentials} commands and the
 * jar lines of {@code dsh plugin list} read.
 *
 * <p>{@link Host#inspect} throws a {@link FileAccessException} when the plugins folder cannot be
 * listed, and a {@link ProfileException} when the profile's name or its {@code profile.yml} (the
 * bundles it lists) is at fault. A profile whose layers do not compose does not hide the jars:
 * {@link #jars()} and {@link #refusedJars()} are known, and each method that needs the profile
 * throws its {@link ProfileException}.
 */
public final class HostInspection {

  /**
   * An installed jar that reads as a dsh plugin.
   *
   * @param file the jar in the plugins folder
   * @param id its {@code Plugin-Id}
   * @param version its {@code Plugin-Version}
   * @param enabled whether the profile's {@code profile.yml} lists its bundle
   * @param rows the ids of the enabled rows it serves (rows named by its id), in profile order;
   *     none while the profile does not compose
   */
  public record PluginJar(
      Path file, String id, String version, boolean enabled, List<String> rows) {

    public PluginJar {
      rows = List.copyOf(rows);
    }
  }

  /**
   * An installed jar that is not a loadable plugin, or a second jar of an id already seen; the
   * host skips it.
   *
   * @param file the jar in the plugins folder
   * @param problem why, naming the file and what to do
   */
  public record RefusedJar(Path file, String problem) {}

  private final HostOptions options;
  private final PluginJars read;
  private final List<PluginJar> jars;
  private final List<RefusedJar> refused;
  private final ProfileSchemas schemas;
  private final @Nullable ComposedProfile profile;
  private final @Nullable ProfileException notComposed;

  private HostInspection(
      HostOptions options,
      PluginJars read,
      ProfileSpec spec,
      @Nullable ComposedProfile profile,
      @Nullable ProfileException notComposed) {
    this.options = options;
    this.read = read;
    this.profile = profile;
    this.notComposed = notComposed;
    this.schemas = new ProfileSchemas(options.home().root(), options.env(), read);
    List<ProfileRow> rows = profile == null ? List.of() : profile.enabledRows();
    this.jars = read.jars().stream()
        .map(jar -> new PluginJar(jar.file(), jar.id(), jar.version(),
            spec.bundles().contains(jar.id()),
            rows.stream().filter(row -> row.name().equals(jar.id())).map(ProfileRow::id).toList()))
        .toList();
    this.refused = read.failures().stream()
        .map(failure -> new RefusedJar(failure.file(), failure.getMessage()))
        .toList();
  }

  /**
   * Reads the home of {@code options}: its jars (a jar whose checked copy is cached is not
   * CRC-checked again, see {@link PluginJars#inspect}), the profile's bundle list, then the profile
   * composed with the jars' bundles and the options' layers.
   *
   * @throws FileAccessException when the plugins folder cannot be listed
   * @throws ProfileException when the profile's name or its {@code profile.yml} is at fault
   */
  static HostInspection of(HostOptions options) {
    return of(options, PluginJars.scan(options.home()));
  }

  private static HostInspection of(HostOptions options, PluginJars jars) {
    String name = options.profile();
    ProfileComposer composer = new ProfileComposer(options.home().root(), jars.bundles());
    ProfileSpec spec = ProfileSpec.read(composer.profileDir(name).resolve(ProfileSpec.FILE_NAME),
        "profiles/" + name + "/" + ProfileSpec.FILE_NAME);
    try {
      ComposedProfile composed = composer.compose(name, options.patch(), options.layers());
      return new HostInspection(options, jars, spec, composed, null);
    } catch (ProfileException e) {
      return new HostInspection(options, jars, spec, null, e);
    }
  }

  /** The profile's files read and composed again, with the jars as this inspection read them. */
  HostInspection again() {
    return of(options, read);
  }

  /**
   * The rows the bundle of {@code pluginId} inserts that the user's own layers override: what
   * taking the bundle out records under {@code removedRows}, so those entries are kept and skipped.
   *
   * @throws ProfileException when the user layer or the {@code --patch} file does not read
   */
  List<String> keptRows(String pluginId) {
    Set<String> overridden = new ProfileComposer(options.home().root(), read.bundles())
        .userOverrides(options.profile(), options.patch());
    return read.bundles().find(pluginId).stream().flatMap(bundle -> bundle.insertedRowIds().stream())
        .filter(overridden::contains).toList();
  }

  /** The installed jars that read as plugins, in file-name order. */
  public List<PluginJar> jars() {
    return jars;
  }

  /** The installed jars a boot would skip, each with the line it reports, in file-name order. */
  public List<RefusedJar> refusedJars() {
    return refused;
  }

  /**
   * The notes composition has for the user: one line each about an entry kept but skipped (an
   * override of a row of a removed plugin). A boot reports them through the event sink; here the
   * caller chooses.
   *
   * @throws ProfileException when the profile does not compose
   */
  public List<String> notes() {
    return composed().notes();
  }

  /**
   * The ids of the rows a boot would apply, in order.
   *
   * @throws ProfileException when the profile does not compose
   */
  public List<String> enabledRows() {
    return composed().enabledRows().stream().map(ProfileRow::id).toList();
  }

  /**
   * The composed profile as YAML, each row with the layer that inserted it and the layer that set
   * its config; every field a schema marks secret shown as {@code <redacted>}, never its value.
   *
   * @throws ProfileException when the profile does not compose
   */
  public String configYaml() {
    return ConfigDump.render(composed(), schemas::schema);
  }

  /**
   * The credential names the enabled rows use: each config field marked {@code
   * x-credential-reference}, with the row's value or else the schema's default.
   *
   * @throws ProfileException when the profile does not compose
   */
  public SortedSet<String> credentialRefs() {
    return Collections.unmodifiableSortedSet(schemas.credentialRefs(composed()));
  }

  /**
   * The credentials service the profile's {@code credentials} row would mount (its store under the
   * home, the options' environment second), built from the row's config as the boot validates it;
   * the default store while the row is disabled. Its warnings go to the options' event sink.
   *
   * @throws ProfileException when the profile does not compose
   * @throws ConfigException when the row's config is invalid, naming the field
   */
  public CredentialService credentials() {
    Map<String, Object> config = composed().row(CredentialsPlugin.NAME)
        .filter(row -> !row.disabled()).map(ProfileRow::config).orElse(Map.of());
    CredentialsConfig settings = new SchemaConfigValidator()
        .validate(CredentialsPlugin.NAME, CredentialsConfig.class, config)
        .bind(CredentialsConfig.class);
    return new CredentialsPlugin(options.home().root(), options.events())
        .service(settings, options.env());
  }

  /**
   * What a config form needs: every row with its schema and its config without secret values, and
   * each credential the rows use with its source, never a value.
   *
   * @throws ProfileException when the profile does not compose
   * @throws ConfigException when the {@code credentials} row's config is invalid, naming the field
   */
  public ProfileForm form() {
    return ProfileForm.of(composed(), schemas, credentials());
  }

  /** The config schemas of the rows' plugins. */
  ProfileSchemas schemas() {
    return schemas;
  }

  /** The composed profile; throws the {@link ProfileException} of one that does not compose. */
  ComposedProfile composed() {
    if (profile == null) {
      // A fresh exception for each caller, the cause kept: the message is the profile's fault.
      throw new ProfileException(Objects.requireNonNull(notComposed).getMessage(), notComposed);
    }
    return profile;
  }
}
