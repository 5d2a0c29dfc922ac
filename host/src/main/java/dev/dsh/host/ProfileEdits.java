package dev.dsh.host;

import dev.dsh.api.ConfigException;
import dev.dsh.host.internal.config.SchemaCheck;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigSecrets;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.internal.profile.SpecEdit;
import dev.dsh.host.internal.profile.UserLayerEdit;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileEditException.Reason;
import dev.dsh.host.model.ProfileException;
import dev.dsh.host.model.ProfileLayer;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Edits of a profile's own files that a console makes: a row's config in the user layer {@code
 * profiles/<profile>/cordis.patch.yml}, a plugin's bundle in {@code profile.yml}. Each edit is
 * checked whole before a byte is written, then replaces the file atomically and owner-only; every
 * other entry, key and comment of the file stays as it was, byte for byte. A host serving on the
 * home ({@link Host#serve}) reloads by itself; otherwise call {@link Host#reload}.
 *
 * <p>Read what a form shows with {@link HostInspection#form}; set and clear credentials with the
 * service {@link HostInspection#credentials} returns (its store keeps its owner-only rules).
 *
 * <p>An edit reads, changes and replaces a file: callers make their edits of one home one at a
 * time (a console from one thread), or one may undo another.
 */
public final class ProfileEdits {

  /**
   * The value a form sends for a secret field to keep its stored value, as leaving the field out
   * does: {@value ConfigSecrets#KEEP}, what {@code --dump-config} shows in its place.
   */
  public static final String KEEP_SECRET = ConfigSecrets.KEEP;

  /**
   * A row's config saved.
   *
   * @param rowId the row
   * @param file the user layer written
   * @param newEntry whether the file had no entry for the row before (one was appended)
   */
  public record Saved(String rowId, Path file, boolean newEntry) {}

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ProfileEdits() {}

  /**
   * Replaces the config of row {@code rowId} in the user layer of the profile of {@code options}.
   * The config is checked as the host checks the row when it applies it (the plugin's schema, its
   * defaults filled in, every violation at its pointer); a secret field left out, or given as
   * {@link #KEEP_SECRET}, keeps the value it has now; a field given as null is cleared (its default
   * applies), a secret one too. The entry that sets the row keeps its other
   * keys and gets the new {@code config:} on one line; a row without an entry gets one appended.
   *
   * @param config the row's whole new config, a JSON-like tree (maps with string keys, lists,
   *     strings, numbers, booleans, nulls)
   * @throws ConfigException when the plugin's schema refuses the config, listing each violation
   *     ({@code /maxConcurrentSearches: must be at most 64}); nothing was written
   * @throws ProfileEditException when the profile has no such row ({@link Reason#UNKNOWN_ROW}), or
   *     a {@code --patch} file or in-memory layer sets the row ({@link Reason#SET_ELSEWHERE})
   * @throws ProfileException when the profile does not compose, or a file of it does not read
   *     (the message names the file); nothing was written
   * @throws FileAccessException when the file cannot be written, naming it and the fix
   */
  public static Saved saveRowConfig(HostOptions options, String rowId, Map<String, ?> config) {
    return saveRowConfig(options, rowId, config, Optional.empty());
  }

  /**
   * {@link #saveRowConfig(HostOptions, String, Map)}, the config also checked as {@code running}
   * (the host serving this home, if one is) would take it when the row applies: the loaded
   * plugin's config type's schema, then binding to that type, which a schema can let through (a
   * number past an {@code int} field, a value the type's constructor refuses). Nothing more is
   * checked when the host has no such plugin loaded or the plugin declares no config type.
   *
   * @throws ConfigException with the violations the row's apply would fail with; nothing written
   */
  public static Saved saveRowConfig(HostOptions options, String rowId, Map<String, ?> config,
      Optional<Host> running) {
    HostInspection inspection = HostInspection.of(options);
    ComposedProfile profile = inspection.composed();
    ProfileRow row = profile.row(rowId).orElseThrow(() -> new ProfileEditException(
        Reason.UNKNOWN_ROW, "profile " + options.profile() + " has no row \"" + rowId
            + "\"; its rows: " + profile.rows().stream().map(ProfileRow::id)
                .collect(Collectors.joining(", "))));
    Set<String> later = laterLayers(options);
    String setBy = profile.configOrigin(rowId).orElse("");
    if (later.contains(setBy) || later.contains(profile.origin(rowId).orElse(""))) {
      throw new ProfileEditException(Reason.SET_ELSEWHERE, "row \"" + rowId + "\" is set by "
          + (later.contains(setBy) ? setBy : profile.origin(rowId).orElseThrow()) + ", which"
          + " comes after the profile's " + ProfileComposer.PATCH_FILE
          + "; change it there, or start without it");
    }
    Optional<JsonNode> schema = inspection.schemas().schema(row.name());
    Map<String, Object> merged =
        ConfigSecrets.keepStored(config, row.config(), schema.orElse(null));
    schema.ifPresent(s -> SchemaCheck.check(rowId, s, merged));
    running.ifPresent(host -> host.admin.call(() -> host.rows.check(rowId, row.name(), merged)));

    Path file = options.home().userPatch(options.profile());
    String shown = "profiles/" + options.profile() + "/" + ProfileComposer.PATCH_FILE;
    String before = UserLayerEdit.textOf(file, shown);
    UserLayerEdit.Edited edited = UserLayerEdit.withRowConfig(before, shown, rowId, merged);
    write(file, edited.text(), "could not save the config of row " + rowId);
    return new Saved(rowId, file, edited.appended());
  }

  /** {@link #saveRowConfig(HostOptions, String, JsonNode, Optional)} without a running host. */
  public static Saved saveRowConfig(HostOptions options, String rowId, JsonNode config) {
    return saveRowConfig(options, rowId, config, Optional.empty());
  }

  /**
   * {@link #saveRowConfig(HostOptions, String, Map, Optional)} with the config as a JSON object.
   *
   * @throws IllegalArgumentException when {@code config} is not a JSON object
   */
  public static Saved saveRowConfig(HostOptions options, String rowId, JsonNode config,
      Optional<Host> running) {
    if (!config.isObject()) {
      throw new IllegalArgumentException("the config of row \"" + rowId + "\" must be a JSON"
          + " object, got " + config.getNodeType().name().toLowerCase(Locale.ROOT));
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> tree = JSON.treeToValue(config, Map.class);
    return saveRowConfig(options, rowId, tree, running);
  }

  /**
   * Lists the bundle of the installed plugin {@code pluginId} in the profile's {@code
   * profile.yml}, or takes it out. Taken out, the plugin's rows leave the profile; the entries the
   * user's layers keep for them are recorded as {@code dsh plugin remove} records them, kept and
   * skipped until the bundle is listed again. The file's comments and other keys stay.
   *
   * @return whether the file changed (it already said so otherwise)
   * @throws ProfileEditException ({@link Reason#UNKNOWN_PLUGIN}) when no installed plugin has that
   *     id (and, to take out, the profile does not list it either), naming it and the installed ids
   * @throws ProfileException when {@code profile.yml} or the user layer does not read
   * @throws FileAccessException when the file cannot be written, naming it and the fix
   */
  public static boolean setBundleEnabled(HostOptions options, String pluginId, boolean enabled) {
    HostInspection inspection = HostInspection.of(options);
    Path file = options.home().profileFile(options.profile());
    String shown = "profiles/" + options.profile() + "/" + ProfileSpec.FILE_NAME;
    String before = UserLayerEdit.textOf(file, shown);
    ProfileSpec spec = SpecEdit.parse(before, shown);
    List<String> installed = inspection.jars().stream().map(HostInspection.PluginJar::id).toList();
    if (!installed.contains(pluginId) && (enabled || !spec.bundles().contains(pluginId))) {
      throw new ProfileEditException(Reason.UNKNOWN_PLUGIN, "no installed plugin has the id \""
          + pluginId + "\" (installed: " + String.join(", ", installed)
          + "); add its jar with 'dsh plugin add <jar>'");
    }
    ProfileSpec to;
    if (enabled) {
      to = spec.withBundle(pluginId);
    } else if (spec.bundles().contains(pluginId)) {
      to = spec.withoutBundle(pluginId).withRemovedRows(pluginId, inspection.keptRows(pluginId));
    } else {
      to = spec;
    }
    String after = SpecEdit.toSpec(before, shown, to);
    if (after.equals(before)) {
      return false;
    }
    write(file, after, "could not " + (enabled ? "enable " : "disable ") + pluginId
        + " in profile " + options.profile());
    return true;
  }

  private static Set<String> laterLayers(HostOptions options) {
    return Stream.concat(options.patch().map(p -> "--patch " + p).stream(),
        options.layers().stream().map(ProfileLayer::name)).collect(Collectors.toSet());
  }

  private static void write(Path file, String text, String doing) {
    try {
      Files.createDirectories(file.getParent());
      OwnerOnlyFiles.replace(file, text.getBytes(StandardCharsets.UTF_8), true);
    } catch (IOException e) {
      throw HomeWrites.failed(doing, e, file, FileAccessException.Kind.FILE);
    }
  }
}
