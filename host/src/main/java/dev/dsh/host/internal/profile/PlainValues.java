package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Refuses a YAML document holding a value that is not plain data — {@code !!binary} is the one
 * YAML tag Jackson turns into something else (bytes) — naming the file, the line and the field,
 * where the tree alone would fail later with "not a JSON-like value: [B".
 */
final class PlainValues {

  private PlainValues() {}

  /**
   * @param tree the document as read from {@code text}
   * @throws ProfileException at the first value that is not a string, number, boolean, null,
   *     list or mapping
   */
  static void require(JsonNode tree, String text, String file, YAMLMapper mapper) {
    if (!holdsOther(tree)) {
      return;
    }
    // Found in the tree; read the tokens again for where it is: the tree keeps no locations.
    try (JsonParser parser = mapper.createParser(text)) {
      for (JsonToken token = parser.nextToken(); token != null; token = parser.nextToken()) {
        if (token == JsonToken.VALUE_EMBEDDED_OBJECT) {
          throw refused(
              file,
              parser.currentTokenLocation(),
              parser.streamReadContext().pathAsPointer().toString());
        }
      }
    }
    throw ProfileException.malformed(file, 0, "a value is not plain data (a string, number, "
        + "boolean, list or mapping)");
  }

  private static boolean holdsOther(JsonNode node) {
    if (node.isBinary() || node.isPojo()) {
      return true;
    }
    if (node.isContainer()) {
      for (JsonNode child : node.values()) {
        if (holdsOther(child)) {
          return true;
        }
      }
    }
    return false;
  }

  private static ProfileException refused(String file, TokenStreamLocation where, String pointer) {
    List<String> path = new ArrayList<>(List.of(pointer.replaceFirst("^/", "").split("/", -1)));
    int entry = 0;
    if (!path.isEmpty() && path.get(0).matches("\\d+")) {
      entry = Integer.parseInt(path.remove(0)) + 1;
    }
    String field = String.join(".", path).replace("~1", "/").replace("~0", "~");
    return ProfileException.malformed(
        file,
        entry,
        "line " + where.getLineNr() + ", field " + (field.isEmpty() ? "(the entry)" : field)
            + ": a binary (!!binary) value is not allowed; write plain data (a string, number,"
            + " boolean, list or mapping)");
  }
}
