package dev.dsh.host;

import dev.dsh.host.internal.config.SchemaConfigValidator;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.profile.ComposedProfile;
import dev.dsh.host.internal.profile.ConfigSecrets;
import dev.dsh.host.internal.profile.ConsoleLayer;
import dev.dsh.host.internal.profile.ProfileComposer;
import dev.dsh.host.internal.profile.ProfileRow;
import dev.dsh.host.internal.profile.ProfileSpec;
import dev.dsh.host.model.FileAccessException.Kind;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileEditException.Reason;
import dev.dsh.host.model.ProfileLayer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;

/** The console's edits of a home, each checked whole before a byte is written, one at a time. */
public final class ProfileEdits {

  /** A row's config saved in {@code file}; {@code newEntry}: the file had no entry for it. */
  public record Saved(String rowId, Path file, boolean newEntry) {}

  private ProfileEdits() {}

  /** {@link #saveRowConfig(HostOptions, String, Map, Optional)} without a running host. */
  public static Saved saveRowConfig(HostOptions options, String rowId, Map<String, ?> config) {
    return saveRowConfig(options, rowId, config, Optional.empty());
  }

  /**
   * Saves a row's whole config as a form holds it, as a merge patch of the fields that changed; a
   * secret left out or {@code "<redacted>"} keeps its value, a null clears a field. Checked first
   * as the host applies the row and as {@code running}'s loaded plugin binds it.
   *
   * @throws ProfileEditException for no such row, or one a {@code --patch} or in-memory layer sets
   */
  public static Saved saveRowConfig(
      HostOptions options, String rowId, Map<String, ?> config, Optional<Host> running) {
    HostInspection inspection = HostInspection.of(options);
    ComposedProfile profile = inspection.composed();
    ProfileRow row = profile.row(rowId).orElseThrow(() -> new ProfileEditException(
        Reason.UNKNOWN_ROW, "profile " + options.profile() + " has no row \"" + rowId
            + "\"; its rows: " + profile.rows().stream().map(ProfileRow::id)
                .collect(Collectors.joining(", "))));
    List<String> later = Stream.concat(options.patch().map(p -> "--patch " + p).stream(),
        options.layers().stream().map(ProfileLayer::name)).toList();
    Optional<String> setBy = Stream.of(profile.configOrigin(rowId), profile.origin(rowId))
        .flatMap(Optional::stream).filter(later::contains).findFirst();
    if (setBy.isPresent()) {
      throw new ProfileEditException(Reason.SET_ELSEWHERE, "row \"" + rowId + "\" is set by "
          + setBy.get() + ", which comes after the profile's " + ProfileComposer.CONSOLE_FILE
          + "; change it there, or start without it");
    }
    Optional<JsonNode> schema = inspection.schema(row.name());
    Map<String, Object> whole = ConfigSecrets.keepStored(config, row.config(), schema.orElse(null));
    schema.ifPresent(s -> SchemaConfigValidator.check(rowId, s, whole));
    running.ifPresent(host -> host.admin.call(() -> host.rows.check(rowId, row.name(), whole)));
    Map<String, Object> changed = ConsoleLayer.diff(row.config(), whole);
    Path file = options.home().profile(options.profile()).resolve(ProfileComposer.CONSOLE_FILE);
    try {
      return new Saved(rowId, file, !ConsoleLayer.update(file,
          ProfileSpec.shown(options.profile(), ProfileComposer.CONSOLE_FILE), rowId, changed));
    } catch (IOException e) {
      throw FileProblems.writeFailed(
          "could not save the config of row " + rowId, e, file, Kind.FILE);
    }
  }

  /**
   * {@code dsh plugin enable|disable}: whether {@code profile.yml} changed; a {@link
   * ProfileEditException} names the installed ids when none is {@code pluginId}.
   */
  public static boolean setBundleEnabled(HostOptions options, String pluginId, boolean enabled) {
    HostInspection inspection = HostInspection.of(options);
    Path file = options.home().profileFile(options.profile());
    ProfileSpec spec = ProfileSpec.of(options.home(), options.profile());
    List<String> installed = inspection.jars().stream().map(HostInspection.PluginJar::id).toList();
    if (!installed.contains(pluginId) && (enabled || !spec.bundles().contains(pluginId))) {
      throw new ProfileEditException(Reason.UNKNOWN_PLUGIN, "no installed plugin has the id \""
          + pluginId + "\" (installed: " + String.join(", ", installed)
          + "); add its jar with 'dsh plugin add <jar>'");
    }
    try {
      return ProfileSpec.update(options.home(), options.profile(), now -> enabled
          ? now.withBundle(pluginId) : !now.bundles().contains(pluginId) ? now
          : now.withoutBundle(pluginId).withRemovedRows(pluginId, inspection.keptRows(pluginId)));
    } catch (IOException e) {
      throw FileProblems.writeFailed("could not " + (enabled ? "enable " : "disable ") + pluginId
          + " in profile " + options.profile(), e, file, Kind.FILE);
    }
  }

  /** A new owner-only file in the home holding an uploaded jar; the caller deletes it. */
  public static Path stageUpload(HostOptions options, InputStream body) throws IOException {
    Path home = options.home().root();
    Path jar;
    try {
      jar = OwnerOnlyFiles.createTemp(home, ".upload-");
    } catch (IOException e) {
      throw FileProblems.writeFailed("could not store the uploaded jar", e, home, Kind.FOLDER);
    }
    try (OutputStream out = Files.newOutputStream(jar)) {
      byte[] buffer = new byte[64 * 1024];
      for (int read; (read = body.read(buffer)) >= 0; ) {
        try {
          out.write(buffer, 0, read);
        } catch (IOException e) { // only a failed write is the home's to tell
          throw FileProblems.writeFailed("could not store the uploaded jar", e, home, Kind.FOLDER);
        }
      }
      return jar;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(jar);
      throw e;
    }
  }
}
