package dev.dsh.host.internal.credentials;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.host.model.CredentialStoreCorruptException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The store file's format: {@code {"version": 1, "credentials": {"NAME": "value", ...}}}, names
 * sorted, pretty-printed, UTF-8.
 *
 * <p>A file of zero bytes (or only whitespace) is an empty store. Anything else that is not this
 * shape is corrupt; the error never quotes the file's content, since it holds secrets (which is
 * also why Jackson's own message, which can quote a token, is not passed on).
 */
final class StoreFormat {

  static final int VERSION = 1;

  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  private StoreFormat() {}

  /**
   * @return the stored values by name, trimmed, empty ones left out
   * @throws CredentialStoreCorruptException when {@code content} is not a store file
   */
  static SortedMap<String, String> parse(Path file, byte[] content) {
    if (new String(content, StandardCharsets.UTF_8).isBlank()) {
      return Collections.emptySortedMap();
    }
    JsonNode root;
    try {
      root = MAPPER.readTree(content);
    } catch (JacksonException e) {
      throw new CredentialStoreCorruptException(file, "it is not valid JSON" + where(e));
    }
    if (root == null || !root.isObject()) {
      throw new CredentialStoreCorruptException(file, "its top level is not a JSON object");
    }
    JsonNode version = root.get("version");
    if (version == null || !version.isIntegralNumber()) {
      throw new CredentialStoreCorruptException(file, "it has no integer \"version\"");
    }
    if (version.asInt() != VERSION) {
      throw new CredentialStoreCorruptException(
          file,
          "its format version is "
              + version.asInt()
              + " and this dsh reads version "
              + VERSION
              + " only");
    }
    JsonNode credentials = root.get("credentials");
    if (credentials == null || credentials.isNull()) {
      return Collections.emptySortedMap();
    }
    if (!credentials.isObject()) {
      throw new CredentialStoreCorruptException(file, "its \"credentials\" is not a JSON object");
    }
    SortedMap<String, String> values = new TreeMap<>();
    int position = 0;
    for (Map.Entry<String, JsonNode> entry : credentials.properties()) {
      position++;
      String name = entry.getKey();
      if (!CredentialRef.NAME.matcher(name).matches()) {
        // Not echoed: a value pasted in the name's place must not be printed.
        throw new CredentialStoreCorruptException(
            file, "entry " + position + " of \"credentials\" has an invalid name");
      }
      if (!entry.getValue().isString()) {
        throw new CredentialStoreCorruptException(
            file, "the value of " + name + " is not a JSON string");
      }
      String value = entry.getValue().stringValue().trim();
      if (!value.isEmpty()) {
        values.put(name, value);
      }
    }
    return values;
  }

  /** The file content for {@code values}. */
  static byte[] render(Map<String, String> values) {
    ObjectNode root = MAPPER.createObjectNode();
    root.put("version", VERSION);
    ObjectNode credentials = root.putObject("credentials");
    new TreeMap<>(values).forEach(credentials::put);
    String text = MAPPER.writeValueAsString(root) + "\n";
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static String where(JacksonException e) {
    TokenStreamLocation location = e.getLocation();
    if (location == null || location.getLineNr() < 1) {
      return "";
    }
    return " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
  }
}
