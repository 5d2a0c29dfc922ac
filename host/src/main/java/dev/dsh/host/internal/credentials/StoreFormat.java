package dev.dsh.host.internal.credentials;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.host.model.FileAccessException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * The store file's format: {@code {"version": 1, "credentials": {"NAME": "value", ...}}}, names
 * sorted, pretty-printed, UTF-8. Empty or blank content is an empty store; anything else not of
 * this shape is corrupt, told without quoting the content (it holds secrets, and Jackson's own
 * message can quote a token).
 */
final class StoreFormat {

  static final int VERSION = 1;

  // Jackson's shared mapper (the host's Json sits above this package), strict on input.
  private static final ObjectReader READER = JsonMapper.shared().reader()
      .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
      .with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

  private StoreFormat() {}

  /** The values by name, trimmed, empty ones left out. */
  static SortedMap<String, String> parse(Path file, byte[] content) {
    SortedMap<String, String> values = new TreeMap<>();
    if (new String(content, StandardCharsets.UTF_8).isBlank()) {
      return values;
    }
    JsonNode root;
    try {
      root = READER.readTree(content);
    } catch (JacksonException e) {
      TokenStreamLocation at = e.getLocation();
      throw FileAccessException.corruptStore(file, "it is not valid JSON" + (at == null
          || at.getLineNr() < 1 ? "" : " (line " + at.getLineNr() + ", column "
          + at.getColumnNr() + ")"));
    }
    JsonNode version = root == null ? null : root.get("version");
    JsonNode credentials = root == null ? null : root.path("credentials");
    String wrong = root == null || !root.isObject() ? "its top level is not a JSON object"
        : version == null || !version.isIntegralNumber() ? "it has no integer \"version\""
        : version.asInt() != VERSION ? "its format version is " + version.asInt()
            + " and this dsh reads version " + VERSION + " only"
        : !credentials.isObject() && !credentials.isMissingNode() && !credentials.isNull()
            ? "its \"credentials\" is not a JSON object"
        : null;
    if (wrong != null) {
      throw FileAccessException.corruptStore(file, wrong);
    }
    int position = 0;
    for (Map.Entry<String, JsonNode> entry : credentials.properties()) {
      position++;
      if (!CredentialRef.NAME.matcher(entry.getKey()).matches()) {
        // Not echoed: a value pasted in the name's place must not be printed.
        throw FileAccessException.corruptStore(
            file, "entry " + position + " of \"credentials\" has an invalid name");
      }
      if (!entry.getValue().isString()) {
        throw FileAccessException.corruptStore(
            file, "the value of " + entry.getKey() + " is not a JSON string");
      }
      String value = entry.getValue().stringValue().trim();
      if (!value.isEmpty()) {
        values.put(entry.getKey(), value);
      }
    }
    return values;
  }

  static byte[] render(Map<String, String> values) {
    ObjectNode root = JsonMapper.shared().createObjectNode().put("version", VERSION);
    new TreeMap<>(values).forEach(root.putObject("credentials")::put);
    return (JsonMapper.shared().writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n")
        .getBytes(StandardCharsets.UTF_8);
  }
}
