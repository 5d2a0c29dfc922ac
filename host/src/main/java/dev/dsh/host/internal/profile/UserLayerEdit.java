package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.profile.YamlSpans.Splice;
import dev.dsh.host.model.ProfileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Sets one row's config in the text of a patch file (a profile's {@code cordis.patch.yml}), every
 * other byte kept: the other entries, the comments, the blank lines, the quoting.
 *
 * <p>The entry that overrides the row (else the row the file inserts) keeps its keys and gets its
 * {@code config:} value replaced by the new config on one line in flow style, or a {@code config:}
 * key added after its last one. A file without such an entry gets one appended in block style:
 *
 * <pre>
 * - id: web-search
 *   config: {count: 20, mode: "natural"}
 * </pre>
 *
 * The edited text is parsed again before it is handed back: the other entries must read as they
 * did and the row's config as given, or the edit is refused.
 */
public final class UserLayerEdit {

  /**
   * An edited patch file.
   *
   * @param text its new content
   * @param appended whether the row had no entry before, so one was appended
   */
  public record Edited(String text, boolean appended) {}

  private UserLayerEdit() {}

  /**
   * The content of a profile or patch file, read as composition reads it; empty when there is no
   * such file.
   *
   * @param shownAs the file as named in messages
   * @throws ProfileException when the file is over 1 MiB, not UTF-8 or cannot be read
   */
  public static String textOf(Path file, String shownAs) {
    return ProfileFiles.readIfPresent(file, shownAs).orElse("");
  }

  /**
   * @param text the file's content; empty for a file that does not exist
   * @param file the file as named in messages
   * @param rowId the row whose config changes
   * @param config its new config, whole (a JSON-like tree)
   * @throws ProfileException naming {@code file} when its text does not read as a patch, or when
   *     the row's entry uses a YAML anchor or alias (an edit could break what refers to it)
   */
  public static Edited withRowConfig(
      String text, String file, String rowId, Map<String, ?> config) {
    PatchLayer before = PatchParser.parse(text, file, file);
    YamlSpans spans = new YamlSpans(text, file);
    String flow = FlowYaml.render(config);
    int index = entryIndex(before, rowId);
    Splice splice;
    if (index < 0) {
      splice = appended(spans, rowId, flow);
    } else {
      MappingNode entry = rowNode(spans, before.entries().get(index), index, rowId);
      if (YamlSpans.anchored(entry)) {
        throw ProfileException.malformed(file, index + 1, "the entry of row \"" + rowId
            + "\" uses a YAML anchor or alias; edit it by hand, or write it out in full");
      }
      splice = YamlSpans.pair(entry, "config")
          .map(pair -> new Splice(spans.afterColon(pair), spans.pairEnd(pair), " " + flow))
          .orElseGet(() -> added(spans, entry, "config", flow));
    }
    String edited = spans.apply(List.of(splice));
    check(before, PatchParser.parse(edited, file, file), index, rowId, flow);
    return new Edited(edited, index < 0);
  }

  /**
   * The splice that adds {@code key: value} to {@code mapping}: a new line at the mapping's
   * indentation after its last value, or (in flow style) a new pair before its closing brace.
   */
  static Splice added(YamlSpans spans, MappingNode mapping, String key, String value) {
    if (YamlSpans.isFlow(mapping)) {
      int brace = spans.end(mapping) - 1;
      String comma = mapping.getValue().isEmpty() ? "" : ", ";
      return new Splice(brace, brace, comma + key + ": " + value);
    }
    int at = spans.lineEnd(spans.contentEnd(mapping));
    return new Splice(at, at,
        spans.newline() + YamlSpans.spaces(spans.column(mapping)) + key + ": " + value);
  }

  /** The index of the entry that sets the row: its override, else the insert that adds it. */
  private static int entryIndex(PatchLayer layer, String rowId) {
    List<PatchEntry> entries = layer.entries();
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i) instanceof PatchEntry.Override override && override.id().equals(rowId)) {
        return i;
      }
    }
    for (int i = 0; i < entries.size(); i++) {
      if (entries.get(i) instanceof PatchEntry.Insert insert
          && insert.rows().stream().anyMatch(row -> row.id().equals(rowId))) {
        return i;
      }
    }
    return -1;
  }

  /** The mapping of the row in entry {@code index}: the entry itself, or its inserted row. */
  private static MappingNode rowNode(YamlSpans spans, PatchEntry entry, int index, String rowId) {
    Node item = ((SequenceNode) spans.root().orElseThrow()).getValue().get(index);
    if (entry instanceof PatchEntry.Override) {
      return (MappingNode) item;
    }
    SequenceNode inserted = (SequenceNode) YamlSpans.pair((MappingNode) item, "insert")
        .map(NodeTuple::getValueNode).orElseThrow();
    int row = ((PatchEntry.Insert) entry).rows().stream().map(ProfileRow::id).toList()
        .indexOf(rowId);
    return (MappingNode) inserted.getValue().get(row);
  }

  /** The splice that appends an override entry for the row to the file's list. */
  private static Splice appended(YamlSpans spans, String rowId, String flow) {
    String nl = spans.newline();
    String id = FlowYaml.word(rowId);
    Optional<Node> root = spans.root();
    if (root.isEmpty()) {
      String text = spans.text();
      String gap = text.isEmpty() || text.endsWith("\n") ? "" : nl;
      return new Splice(text.length(), text.length(),
          gap + "- id: " + id + nl + "  config: " + flow + nl);
    }
    SequenceNode list = (SequenceNode) root.get();
    if (YamlSpans.isFlow(list)) {
      int bracket = spans.end(list) - 1;
      return new Splice(bracket, bracket, (list.getValue().isEmpty() ? "" : ", ")
          + "{id: " + id + ", config: " + flow + "}");
    }
    String indent = YamlSpans.spaces(spans.column(list));
    int at = spans.lineEnd(spans.contentEnd(list));
    return new Splice(at, at,
        nl + indent + "- id: " + id + nl + indent + "  config: " + flow);
  }

  /** Refuses an edit whose text reads otherwise than intended; nothing is written then. */
  private static void check(PatchLayer before, PatchLayer after, int index, String rowId,
      String flow) {
    List<PatchEntry> old = before.entries();
    List<PatchEntry> now = after.entries();
    int target = index < 0 ? old.size() : index;
    boolean othersKept = now.size() == (index < 0 ? old.size() + 1 : old.size());
    for (int i = 0; othersKept && i < old.size(); i++) {
      othersKept = i == target || old.get(i).equals(now.get(i));
    }
    Optional<Map<String, Object>> config = othersKept ? configOf(now.get(target), rowId)
        : Optional.empty();
    if (config.isEmpty() || !FlowYaml.render(config.get()).equals(flow)) {
      throw new IllegalStateException("the edit of row \"" + rowId + "\" did not read back as"
          + " written; nothing was saved");
    }
  }

  private static Optional<Map<String, Object>> configOf(PatchEntry entry, String rowId) {
    if (entry instanceof PatchEntry.Override override) {
      return override.id().equals(rowId) ? override.config() : Optional.empty();
    }
    return ((PatchEntry.Insert) entry).rows().stream().filter(row -> row.id().equals(rowId))
        .findFirst().map(ProfileRow::config);
  }
}
