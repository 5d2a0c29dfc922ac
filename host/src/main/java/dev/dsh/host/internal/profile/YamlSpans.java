package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.common.FlowStyle;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.CollectionNode;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;

/**
 * Where the nodes of one YAML text sit in it, as the parser marks them, so an edit can replace or
 * insert text at a node and leave every other byte, comments included, as it was.
 *
 * <p>The parser's marks count code points; this class turns them into {@code char} offsets. A
 * block collection's end mark lies past the comments that follow it, so {@link #contentEnd} walks
 * down to the last value instead. The caller reads the text with {@link YamlDocuments} first: only
 * text that reads is composed here.
 */
final class YamlSpans {

  /** Text that replaces {@code [start, end)}; an insertion when they are equal. */
  record Splice(int start, int end, String text) {}

  private final String text;
  private final String newline;
  private final Optional<Node> root;

  /**
   * @param file the file as shown to the user
   * @throws ProfileException when the text does not compose (Jackson reads some texts that
   *     snakeyaml-engine does not compose: an undefined alias, more than 50 aliases of collections)
   */
  YamlSpans(String text, String file) {
    this.text = text;
    this.newline = text.contains("\r\n") ? "\r\n" : "\n";
    LoadSettings settings =
        LoadSettings.builder().setCodePointLimit(ProfileFiles.MAX_BYTES).build();
    try {
      this.root = new Compose(settings).composeString(text);
    } catch (YamlEngineException e) {
      throw YamlProblems.refused(file, e);
    }
  }

  String text() {
    return text;
  }

  /** The line ending the file uses ({@code \r\n} when it has one, else {@code \n}). */
  String newline() {
    return newline;
  }

  /** The document's root node; empty for a file without content. */
  Optional<Node> root() {
    return root;
  }

  /** The offset of the first character of {@code node}. */
  int start(Node node) {
    return offset(node.getStartMark());
  }

  /** The offset just past {@code node} as the parser marks it (for a block collection: too far). */
  int end(Node node) {
    return offset(node.getEndMark());
  }

  /** The column of {@code node}'s first character: the indentation of a block collection. */
  int column(Node node) {
    return node.getStartMark().map(Mark::getColumn).orElseThrow();
  }

  /** Whether {@code node} is a collection in flow style ({@code [..]}, <code>{..}</code>). */
  static boolean isFlow(Node node) {
    return node instanceof CollectionNode<?> collection
        && collection.getFlowStyle() == FlowStyle.FLOW;
  }

  /**
   * The offset just past the last character that belongs to {@code node}: the end of its last
   * scalar or flow collection, never the comments or blank lines after it.
   */
  int contentEnd(Node node) {
    if (isFlow(node) || node instanceof ScalarNode) {
      return end(node);
    }
    if (node instanceof SequenceNode sequence) {
      List<Node> items = sequence.getValue();
      return items.isEmpty() ? end(node) : contentEnd(items.get(items.size() - 1));
    }
    List<NodeTuple> pairs = ((MappingNode) node).getValue();
    return pairs.isEmpty() ? end(node) : pairEnd(pairs.get(pairs.size() - 1));
  }

  /** The offset just past a key's value, or past the key's colon when the value is empty. */
  int pairEnd(NodeTuple pair) {
    return isEmpty(pair.getValueNode()) ? afterColon(pair) : contentEnd(pair.getValueNode());
  }

  /** The offset just past the colon that follows {@code pair}'s key. */
  int afterColon(NodeTuple pair) {
    return text.indexOf(':', contentEnd(pair.getKeyNode())) + 1;
  }

  /** Whether {@code node} is the empty value of a key written with nothing after its colon. */
  boolean isEmpty(Node node) {
    return node instanceof ScalarNode scalar && scalar.getValue().isEmpty()
        && start(node) == end(node);
  }

  /** The offset of the line break that ends the line holding {@code offset}, or the text's end. */
  int lineEnd(int offset) {
    int at = text.indexOf('\n', offset);
    if (at < 0) {
      return text.length();
    }
    return at > 0 && text.charAt(at - 1) == '\r' ? at - 1 : at;
  }

  /** The offset of the first character of the line holding {@code offset}. */
  int lineStart(int offset) {
    return text.lastIndexOf('\n', offset - 1) + 1;
  }

  /** The value of key {@code key} in {@code mapping}, with its key, if the mapping has one. */
  static Optional<NodeTuple> pair(MappingNode mapping, String key) {
    return mapping.getValue().stream()
        .filter(pair -> pair.getKeyNode() instanceof ScalarNode scalar
            && scalar.getValue().equals(key))
        .findFirst();
  }

  /** Whether {@code node} or a node under it carries an anchor (an alias elsewhere may use it). */
  static boolean anchored(Node node) {
    if (node.getAnchor().isPresent()) {
      return true;
    }
    if (node instanceof SequenceNode sequence) {
      return sequence.getValue().stream().anyMatch(YamlSpans::anchored);
    }
    if (node instanceof MappingNode mapping) {
      return mapping.getValue().stream()
          .anyMatch(pair -> anchored(pair.getKeyNode()) || anchored(pair.getValueNode()));
    }
    return false;
  }

  /**
   * The text with {@code splices} made, which must not overlap. Insertions at one offset land in
   * list order.
   */
  String apply(List<Splice> splices) {
    StringBuilder out = new StringBuilder(text);
    List<Splice> fromTheEnd = new ArrayList<>(splices);
    Collections.reverse(fromTheEnd); // a stable sort keeps equal offsets in reverse list order
    fromTheEnd.sort(Comparator.comparingInt(Splice::start).reversed());
    fromTheEnd.forEach(splice -> out.replace(splice.start(), splice.end(), splice.text()));
    return out.toString();
  }

  /** {@code count} spaces: the indentation of a column. */
  static String spaces(int count) {
    return " ".repeat(count);
  }

  private int offset(Optional<Mark> mark) {
    int codePoints = mark.map(Mark::getIndex).orElseThrow();
    return text.offsetByCodePoints(0, codePoints);
  }
}
