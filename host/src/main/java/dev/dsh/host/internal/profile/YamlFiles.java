package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlVersionException;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.dataformat.yaml.YAMLFactory;
import tools.jackson.dataformat.yaml.YAMLMapper;
import tools.jackson.dataformat.yaml.YAMLWriteFeature;

/**
 * Reads profile and patch files: UTF-8, at most 1 MiB (the parser spends about a second per MiB of
 * one value), plain data; a problem never quotes a value (it may be a secret) or a Java class.
 */
final class YamlFiles {

  static final int MAX_BYTES = 1 << 20;

  // A duplicate key is an editing mistake last-wins would hide. The parser's limits match the
  // file's, so a text that came from elsewhere is bounded too.
  static final YAMLMapper MAPPER = new YAMLMapper.Builder(YAMLFactory.builder()
          .loadSettings(LoadSettings.builder().setCodePointLimit(MAX_BYTES).build())
          .streamReadConstraints(StreamReadConstraints.builder().maxStringLength(MAX_BYTES)
              .maxDocumentLength(MAX_BYTES).build())
          .build())
      .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .build();

  private static final String BINARY = "a binary (!!binary) value is not allowed; write plain"
      + " data (a string, number, boolean, list or mapping)";

  private YamlFiles() {}

  /** The file's text; empty when there is none. Throws {@link ProfileException}. */
  static Optional<String> read(Path file, String shownAs) {
    try {
      if (Files.isDirectory(file)) {
        throw new ProfileException(
            "cannot read " + shownAs + ": " + file.toAbsolutePath() + " is a folder, not a file");
      }
      byte[] bytes = CappedRead.read(Files.size(file), Files.newInputStream(file), MAX_BYTES,
          size -> tooLarge(shownAs, (size >= 0 ? size : "more than " + MAX_BYTES) + " bytes"));
      return Optional.of(
          StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (CharacterCodingException e) {
      throw new ProfileException(shownAs + " is not UTF-8 text; save it as UTF-8", e);
    } catch (IOException e) {
      throw new ProfileException("cannot read " + shownAs + ": "
          + FileProblems.describe(e, file, FileAccessException.Kind.FILE), e);
    }
  }

  static ProfileException tooLarge(String shownAs, String measured) {
    return new ProfileException(shownAs + " is too large (" + measured + "): a profile or patch"
        + " file may be at most 1 MiB (" + MAX_BYTES + " bytes); it was not parsed");
  }

  /** The document as maps, lists and scalars; empty for none. Throws {@link ProfileException}. */
  static Optional<Object> parse(String text, String file) {
    if (text.length() > MAX_BYTES) {
      throw tooLarge(file, text.length() + " characters");
    }
    JsonNode tree;
    try {
      tree = MAPPER.readTree(text);
    } catch (JacksonException e) {
      TokenStreamLocation at = e.getLocation();
      throw new ProfileException(file + ": " + (at == null || at.getLineNr() < 1 ? ""
          : "line " + at.getLineNr() + ", column " + at.getColumnNr() + ": ") + "broken YAML: "
          + problem(e));
    }
    if (tree == null || tree.isMissingNode()) {
      return Optional.empty();
    }
    if (holdsBinary(tree)) {
      throw binary(text, file);
    }
    return Optional.ofNullable(MAPPER.treeToValue(tree, Object.class));
  }

  /** {@code !!binary} is the one tag Jackson reads as something else than plain data. */
  private static boolean holdsBinary(JsonNode node) {
    return node.isBinary() || node.isPojo()
        || node.isContainer() && node.valueStream().anyMatch(YamlFiles::holdsBinary);
  }

  /** Where the binary value is: the tree keeps no locations, so the tokens are read again. */
  private static ProfileException binary(String text, String file) {
    try (JsonParser parser = MAPPER.createParser(text)) {
      while (parser.nextToken() != JsonToken.VALUE_EMBEDDED_OBJECT) {
        // to the value
      }
      List<String> path = List.of(parser.streamReadContext().pathAsPointer().toString()
          .replaceFirst("^/", "").split("/", -1));
      boolean inEntry = path.get(0).matches("\\d+");
      String field = String.join(".", inEntry ? path.subList(1, path.size()) : path)
          .replace("~1", "/").replace("~0", "~");
      return ProfileException.malformed(file, inEntry ? Integer.parseInt(path.get(0)) + 1 : 0,
          "line " + parser.currentTokenLocation().getLineNr() + ", field "
              + (field.isEmpty() ? "(the entry)" : field) + ": " + BINARY);
    }
  }

  /** {@code value} as YAML text without a document marker, strings quoted only where needed. */
  static String write(Object value) {
    return MAPPER.writer().without(YAMLWriteFeature.WRITE_DOC_START_MARKER)
        .with(YAMLWriteFeature.MINIMIZE_QUOTES).writeValueAsString(value);
  }

  /** Replaces {@code file} by {@code text}, whole, atomically and owner-only. */
  static void replace(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    OwnerOnlyFiles.replace(file, text.getBytes(StandardCharsets.UTF_8));
  }

  private static String problem(JacksonException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYamlEngineException marked) {
        String context = marked.getContext();
        return context == null || context.isBlank()
            ? marked.getProblem() : context + ": " + marked.getProblem();
      } else if (t instanceof ReaderException reader) {
        return String.format(
            "character U+%04X is not allowed in YAML; remove it", reader.getCodePoint());
      } else if (t instanceof YamlVersionException) {
        return "unsupported %YAML version; write %YAML 1.2 or leave the directive out";
      }
    }
    // Jackson's own messages: only those that quote no value and name no Java are kept.
    String message = String.valueOf(e.getOriginalMessage());
    return e instanceof StreamConstraintsException ? message.replaceAll(", from `[^`]*`", "")
        : message.startsWith("Duplicate Object property")
            ? message.lines().findFirst().orElse(message) // names the key: never a secret
        : message.startsWith("Trailing token")
            ? "a second document follows the first; a file holds one YAML document"
        : message.startsWith("Expected a property name") || message.startsWith("Non scalar key")
            ? "a key must be a plain value, not a list or a mapping"
        : message.startsWith("Malformed")
            ? "a value is not the number its tag (!!int, !!float) or escape says it is"
        : message.contains("base64") ? BINARY
        : "the text does not read as plain data (strings, numbers, booleans, lists and mappings)";
  }
}
