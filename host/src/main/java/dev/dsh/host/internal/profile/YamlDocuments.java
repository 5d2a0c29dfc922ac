package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;

/** Reads one YAML document into a JSON-like tree, turning parse failures into user messages. */
final class YamlDocuments {

  // A duplicate key is almost always an editing mistake; last-wins would hide it. The parser's own
  // limits match the file limit, so a text that bypassed the file check is still bounded.
  static final YAMLMapper MAPPER =
      new YAMLMapper.Builder(
              YAMLFactory.builder()
                  .loadSettings(
                      LoadSettings.builder().setCodePointLimit(ProfileFiles.MAX_BYTES).build())
                  .streamReadConstraints(
                      StreamReadConstraints.builder()
                          .maxStringLength(ProfileFiles.MAX_BYTES)
                          .maxDocumentLength(ProfileFiles.MAX_BYTES)
                          .build())
                  .build())
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .build();

  private YamlDocuments() {}

  /**
   * @param file the file as shown to the user
   * @return the document as maps, lists and scalars; empty for a document with no content (an
   *     empty file or only comments)
   * @throws ProfileException for broken YAML, naming the file, line and column (-1 when the parser
   *     gave none) and the parser's description, never the text (it may hold a secret); or when
   *     the text is over 1 MiB (it is not parsed)
   */
  static Optional<Object> read(String text, String file) {
    if (text.length() > ProfileFiles.MAX_BYTES) {
      throw ProfileFiles.tooLarge(file, text.length() + " characters");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(text);
    } catch (JacksonException e) {
      TokenStreamLocation location = e.getLocation();
      int line = location == null ? -1 : location.getLineNr();
      int column = location == null ? -1 : location.getColumnNr();
      throw new ProfileException(
          file + ": line " + line + ", column " + column + ": broken YAML: " + problem(e));
    }
    if (tree == null || tree.isMissingNode()) {
      return Optional.empty();
    }
    PlainValues.require(tree, text, file, MAPPER);
    Object value = MAPPER.treeToValue(tree, Object.class);
    return Optional.ofNullable(value);
  }

  /**
   * The parser's description of the problem without the source excerpt that SnakeYAML and Jackson
   * append (the excerpt may show a secret value from the same line).
   */
  private static String problem(JacksonException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYamlEngineException marked) {
        String context = marked.getContext();
        String problem = marked.getProblem();
        if (context != null && !context.isBlank()) {
          return context + ": " + problem;
        }
        return problem;
      }
    }
    String original = e.getOriginalMessage();
    if (original == null || original.isBlank()) {
      return e.getClass().getSimpleName();
    }
    // Jackson's own messages name tokens and properties, not values; keep the first line only.
    return original.lines().findFirst().orElse(original).strip();
  }
}
