package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.profile.YamlSpans.Splice;
import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Turns the text of a profile's {@code profile.yml} into the text of another {@link ProfileSpec},
 * every byte outside the values that change kept (comments, other keys, quoting).
 *
 * <p>A bundle taken out of a block list loses its line; one added goes on a new line after the
 * last. A list in flow style is written again from its items' own text. A changed {@code
 * removedRows} is written in flow style on its key's line. The edited text is parsed again and
 * must read as the target spec, or the edit is refused.
 */
public final class SpecEdit {

  private SpecEdit() {}

  /**
   * The spec {@code text} holds, as {@link ProfileSpec#read} reads it.
   *
   * @throws ProfileException naming {@code file} when it does not read as a spec
   */
  public static ProfileSpec parse(String text, String file) {
    return ProfileSpec.parse(text, file);
  }

  /**
   * @param text the file's content; empty for a file that does not exist
   * @param file the file as named in messages
   * @param to the spec the new content must read as
   * @return the new content; {@code text} itself when it already reads as {@code to}
   * @throws ProfileException naming {@code file} when {@code text} does not read as a spec
   */
  public static String toSpec(String text, String file, ProfileSpec to) {
    ProfileSpec from = ProfileSpec.parse(text, file);
    if (from.equals(to)) {
      return text;
    }
    YamlSpans spans = new YamlSpans(text, file);
    List<Splice> splices = new ArrayList<>();
    Optional<Node> root = spans.root();
    if (root.isEmpty()) {
      String nl = spans.newline();
      String gap = text.isEmpty() || text.endsWith("\n") ? "" : nl;
      String removed = to.removedRows().isEmpty() ? ""
          : "removedRows: " + flowMap(to.removedRows()) + nl;
      splices.add(new Splice(text.length(), text.length(),
          gap + "bundles: " + flowList(to.bundles()) + nl + removed));
    } else {
      MappingNode mapping = (MappingNode) root.get();
      if (!from.bundles().equals(to.bundles())) {
        splices.addAll(bundles(spans, mapping, from.bundles(), to.bundles()));
      }
      if (!from.removedRows().equals(to.removedRows())) {
        splices.add(value(spans, mapping, "removedRows", flowMap(to.removedRows())));
      }
    }
    String edited = spans.apply(splices);
    if (!ProfileSpec.parse(edited, file).equals(to)) {
      throw new IllegalStateException(file + ": the edit did not read back as written; nothing"
          + " was saved");
    }
    return edited;
  }

  private static List<Splice> bundles(
      YamlSpans spans, MappingNode mapping, List<String> from, List<String> to) {
    Optional<NodeTuple> pair = YamlSpans.pair(mapping, "bundles");
    // Bundles taken out and others appended: edited in place. Any other change: written anew.
    List<String> incremental = new ArrayList<>(from.stream().filter(to::contains).toList());
    to.stream().filter(id -> !from.contains(id)).forEach(incremental::add);
    if (pair.isEmpty() || !(pair.get().getValueNode() instanceof SequenceNode list)
        || !incremental.equals(to)) {
      return List.of(value(spans, mapping, "bundles", flowList(to)));
    }
    List<Node> items = list.getValue();
    if (YamlSpans.isFlow(list)) {
      List<String> kept = new ArrayList<>();
      for (int i = 0; i < items.size(); i++) {
        if (to.contains(from.get(i))) {
          kept.add(spans.text().substring(spans.start(items.get(i)), spans.end(items.get(i))));
        }
      }
      to.stream().filter(id -> !from.contains(id)).forEach(id -> kept.add(FlowYaml.word(id)));
      return List.of(new Splice(spans.start(list), spans.end(list),
          kept.stream().collect(Collectors.joining(", ", "[", "]"))));
    }
    List<Splice> splices = new ArrayList<>();
    for (int i = 0; i < items.size(); i++) {
      if (!to.contains(from.get(i))) {
        Node item = items.get(i);
        int lineEnd = spans.lineEnd(spans.contentEnd(item));
        int next = Math.min(spans.text().length(), lineEnd + spans.newline().length());
        splices.add(new Splice(spans.lineStart(spans.start(item)), next, ""));
      }
    }
    String indent = YamlSpans.spaces(spans.column(list));
    int at = spans.lineEnd(spans.contentEnd(list));
    to.stream().filter(id -> !from.contains(id)).forEach(id ->
        splices.add(new Splice(at, at, spans.newline() + indent + "- " + FlowYaml.word(id))));
    return splices;
  }

  /**
   * The splice that gives {@code key} the flow value {@code flow}. A missing key is added at the
   * end of the file: never inside the lines a bundle's removal takes out.
   */
  private static Splice value(YamlSpans spans, MappingNode mapping, String key, String flow) {
    Optional<NodeTuple> pair = YamlSpans.pair(mapping, key);
    if (pair.isPresent()) {
      Node value = pair.get().getValueNode();
      return value instanceof ScalarNode && !spans.isEmpty(value)
          ? new Splice(spans.start(value), spans.end(value), flow)
          : new Splice(spans.afterColon(pair.get()), spans.pairEnd(pair.get()), " " + flow);
    }
    if (YamlSpans.isFlow(mapping)) {
      return UserLayerEdit.added(spans, mapping, key, flow);
    }
    String text = spans.text();
    String gap = text.endsWith("\n") ? "" : spans.newline();
    return new Splice(text.length(), text.length(), gap + key + ": " + flow + spans.newline());
  }

  private static String flowList(List<String> ids) {
    return ids.stream().map(FlowYaml::word).collect(Collectors.joining(", ", "[", "]"));
  }

  private static String flowMap(Map<String, String> rows) {
    return rows.entrySet().stream()
        .map(row -> FlowYaml.word(row.getKey()) + ": " + FlowYaml.word(row.getValue()))
        .collect(Collectors.joining(", ", "{", "}"));
  }
}
