package dev.dsh.host.profile;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A profile's {@code profile.yml}: the bundles (PF4J plugin ids) whose layers the profile uses, in
 * order.
 *
 * <p>Format, and nothing else:
 *
 * <pre>
 * bundles: [dsh-web-search-yuanbao]
 * </pre>
 *
 * A missing file, an empty file or a missing {@code bundles} key means no bundles.
 *
 * @param bundles plugin ids, no duplicates, in the order their layers apply
 */
public record ProfileSpec(List<String> bundles) {

  /** The file name inside {@code profiles/<name>/}. */
  public static final String FILE_NAME = "profile.yml";

  public ProfileSpec {
    bundles = List.copyOf(bundles);
    if (new LinkedHashSet<>(bundles).size() != bundles.size()) {
      throw new IllegalArgumentException("bundles must not repeat: " + bundles);
    }
  }

  /** A profile with no bundles. */
  public static ProfileSpec empty() {
    return new ProfileSpec(List.of());
  }

  /**
   * Reads {@code file}; a missing file is an empty spec.
   *
   * @param shownAs the file as named in messages (relative to the home)
   * @throws ProfileException when the file cannot be read, is over 1 MiB, is broken YAML or has
   *     the wrong shape
   */
  public static ProfileSpec read(Path file, String shownAs) {
    return ProfileFiles.readIfPresent(file, shownAs).map(text -> parse(text, shownAs)).orElse(empty());
  }

  static ProfileSpec parse(String text, String file) {
    Optional<Object> document = YamlDocuments.read(text, file);
    if (document.isEmpty()) {
      return empty();
    }
    if (!(document.get() instanceof Map<?, ?> map)) {
      throw new PatchFormatException(
          file, 0, "expected a mapping like `bundles: [plugin-id]`, got "
              + PatchParser.describe(document.get()));
    }
    for (Object key : map.keySet()) {
      if (!"bundles".equals(key)) {
        throw new PatchFormatException(file, 0, "unknown key \"" + key + "\" (allowed: bundles)");
      }
    }
    Object listed = map.get("bundles");
    if (listed == null) {
      return empty();
    }
    if (!(listed instanceof List<?> items)) {
      throw new PatchFormatException(
          file, 0, "\"bundles\" must be a list of plugin ids, got " + PatchParser.describe(listed));
    }
    List<String> bundles = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i) instanceof String id) || id.isBlank()) {
        throw new PatchFormatException(
            file, i + 1, "a bundle must be a plugin id, got " + PatchParser.describe(items.get(i)));
      }
      if (!seen.add(id)) {
        throw new PatchFormatException(file, i + 1, "bundle \"" + id + "\" is listed twice");
      }
      bundles.add(id);
    }
    return new ProfileSpec(bundles);
  }

  /** This spec with {@code bundle} appended, or this spec when it is already listed. */
  public ProfileSpec withBundle(String bundle) {
    if (bundles.contains(bundle)) {
      return this;
    }
    List<String> more = new ArrayList<>(bundles);
    more.add(bundle);
    return new ProfileSpec(more);
  }

  /** This spec without {@code bundle}. */
  public ProfileSpec withoutBundle(String bundle) {
    return new ProfileSpec(bundles.stream().filter(b -> !b.equals(bundle)).toList());
  }

  /** The spec in its file format; {@link #parse} of the result gives this spec back. */
  public String toYaml() {
    StringBuilder out = new StringBuilder("bundles:");
    if (bundles.isEmpty()) {
      return out.append(" []\n").toString();
    }
    out.append('\n');
    for (String bundle : bundles) {
      // Plugin ids are plain words; quoting keeps odd ones (e.g. "yes") strings.
      out.append("  - \"").append(bundle.replace("\\", "\\\\").replace("\"", "\\\"")).append("\"\n");
    }
    return out.toString();
  }
}
