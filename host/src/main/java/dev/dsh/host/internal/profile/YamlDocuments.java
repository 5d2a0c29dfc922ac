package dev.dsh.host.internal.profile;

import dev.dsh.host.model.ProfileException;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
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
   * @throws ProfileException for broken YAML, as {@link YamlProblems#refused} tells it; or when
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
      throw YamlProblems.refused(file, e);
    }
    if (tree == null || tree.isMissingNode()) {
      return Optional.empty();
    }
    PlainValues.require(tree, text, file, MAPPER);
    Object value = MAPPER.treeToValue(tree, Object.class);
    return Optional.ofNullable(value);
  }
}
