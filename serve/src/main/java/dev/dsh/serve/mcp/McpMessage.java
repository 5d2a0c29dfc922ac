package dev.dsh.serve.mcp;

import dev.dsh.host.json.Json;
import dev.dsh.host.tool.WebSearchTool;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.ErrorCodes;
import io.modelcontextprotocol.spec.McpSchema.InitializeRequest;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * One client message, read and checked once for both MCP doors: the SDK ends the session on a
 * message it cannot map and answers params of the wrong shape with Java exception text, so the
 * envelope and its params are checked here, naming the field. {@code refusal}: null if it passes.
 */
public record McpMessage(ObjectNode json, @Nullable Refusal refusal) {

  /** Why a message is refused: answered (a request) or dropped (nothing may answer it). */
  public record Refusal(boolean answered, @Nullable JsonNode id, int code, String message) {}

  // The params the SDK maps to its records, and their fields the protocol requires, parents first:
  // the SDK would put an empty default in their place.
  private static final Map<String, Class<?>> MAPPED = Map.of(
      McpSchema.METHOD_INITIALIZE, InitializeRequest.class,
      McpSchema.METHOD_TOOLS_CALL, CallToolRequest.class);
  private static final Map<String, List<String>> REQUIRED = Map.of(
      McpSchema.METHOD_INITIALIZE,
      List.of("protocolVersion", "capabilities", "clientInfo", "clientInfo.name", "clientInfo.version"),
      McpSchema.METHOD_TOOLS_CALL, List.of("name"));

  // Big decimals keep each number as the client wrote it when a door writes a message back (stdio
  // tags a tools/call): read as a double, 1e400 would go out as the string "Infinity".
  private static final ObjectReader READER =
      Json.MAPPER.readerFor(JsonNode.class).with(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

  /** Reads and checks one message (a stdio line, an HTTP body). */
  public static McpMessage read(byte[] bytes, int offset, int length) {
    try {
      JsonNode parsed = READER.readTree(bytes, offset, length);
      return parsed instanceof ObjectNode object
          ? new McpMessage(object, check(object))
          : refused(answer(null, ErrorCodes.INVALID_REQUEST,
              "Invalid Request: a message is one JSON object (batches are not supported)"));
    } catch (StreamConstraintsException e) {
      StreamReadConstraints bounds = StreamReadConstraints.defaults();
      return refused(answer(null, ErrorCodes.PARSE_ERROR, "Parse error: the JSON nests deeper than "
          + bounds.getMaxNestingDepth() + " levels, or holds a number over "
          + bounds.getMaxNumberLength() + " digits or a name over " + bounds.getMaxNameLength()
          + " characters"));
    } catch (JacksonException e) {
      return refused(answer(null, ErrorCodes.PARSE_ERROR, "Parse error: the message is not JSON (UTF-8)"));
    }
  }

  /** True for a request ({@code request}) or notification of {@code method}. */
  public boolean is(String method, boolean request) {
    return json.has("id") == request && json.path("method").asString("").equals(method);
  }

  public @Nullable JsonNode id() {
    return json.has("method") ? json.get("id") : null;
  }

  /** The id (JSON text) of a request, or of the request a {@code notifications/cancelled} names. */
  public String callId() {
    return (json.has("id") ? json.get("id") : json.path("params").path("requestId")).toString();
  }

  public static byte[] error(@Nullable JsonNode id, int code, String message) {
    ObjectNode error = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
    error.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
    error.putObject("error").put("code", code).put("message", message);
    return Json.MAPPER.writeValueAsBytes(error);
  }

  /** Drops the {@code logging} the SDK adds to every {@code initialize} result: dsh has none. */
  public static boolean dropLogging(JsonNode answer) {
    return answer.path("result").path("capabilities") instanceof ObjectNode capabilities
        && capabilities.remove("logging") != null;
  }

  private static McpMessage refused(Refusal refusal) {
    return new McpMessage(JsonNodeFactory.instance.objectNode(), refusal);
  }

  private static @Nullable Refusal check(ObjectNode message) {
    JsonNode id = message.get("id");
    boolean usableId = id != null && (id.isString() || (id.isIntegralNumber() && id.canConvertToLong()));
    if (message.has("method")) {
      return id == null ? notification(message) : request(message, usableId ? id : null);
    }
    if (message.has("result") || message.has("error")) {
      return response(message, usableId);
    }
    return answer(usableId ? id : null, ErrorCodes.INVALID_REQUEST,
        "Invalid Request: not a JSON-RPC request, notification or response");
  }

  private static @Nullable Refusal request(ObjectNode request, @Nullable JsonNode id) {
    String wrong = id == null ? "\"id\" must be a string or a 64-bit integer" : envelope(request);
    if (wrong != null) {
      return answer(id, ErrorCodes.INVALID_REQUEST, "Invalid Request: " + wrong);
    }
    String method = request.get("method").stringValue();
    if (method.equals(McpSchema.METHOD_LOGGING_SET_LEVEL)) {
      return answer(id, ErrorCodes.METHOD_NOT_FOUND, "Method not found: "
          + McpSchema.METHOD_LOGGING_SET_LEVEL + " (dsh does not offer the logging capability)");
    }
    wrong = params(method, request.get("params"));
    return wrong == null ? null : answer(id, ErrorCodes.INVALID_PARAMS, "Invalid params: " + wrong);
  }

  private static @Nullable Refusal notification(ObjectNode notification) {
    String wrong = envelope(notification) != null ? envelope(notification)
        : isObjectOrAbsent(notification.get("params")) ? null : "\"params\" must be an object";
    return wrong == null ? null : drop("a notification: " + wrong);
  }

  private static @Nullable Refusal response(ObjectNode response, boolean usableId) {
    JsonNode error = response.path("error");
    String wrong = jsonrpc(response) != null ? jsonrpc(response)
        : !usableId ? "\"id\" must be a string or a 64-bit integer"
        : absent(response.path("result")) == absent(error) ? "it must hold one of \"result\" and \"error\""
        : absent(error) || error.isObject() && error.path("code").isInt() && error.path("message").isString()
            ? null : "\"error\" must be an object with an integer \"code\" and a string \"message\"";
    return wrong == null ? null : drop("a response: " + wrong);
  }

  private static @Nullable String envelope(ObjectNode message) {
    String wrong = jsonrpc(message);
    return wrong == null && !message.get("method").isString() ? "\"method\" must be a string" : wrong;
  }

  private static @Nullable String jsonrpc(ObjectNode message) {
    JsonNode version = message.path("jsonrpc");
    return version.isString() && version.stringValue().equals("2.0") ? null : "\"jsonrpc\" must be \"2.0\"";
  }

  private static @Nullable String params(String method, @Nullable JsonNode params) {
    if (!isObjectOrAbsent(params)) {
      return "\"params\" must be an object";
    }
    Class<?> record = MAPPED.get(method);
    if (record == null) {
      return null;
    }
    if (absent(params)) {
      return "\"params\" is required for " + method;
    }
    for (String field : REQUIRED.get(method)) {
      String pointer = "/" + field.replace('.', '/');
      JsonNode value = params.at(pointer);
      // under a parent that is no object, the mapping below names the parent
      boolean underObject = params.at(pointer.substring(0, pointer.lastIndexOf('/'))).isObject();
      if (absent(value) && underObject) {
        return "\"params." + field + "\" is required";
      }
    }
    try {
      Json.MAPPER.treeToValue(params, record);
    } catch (JacksonException e) {
      return "\"params" + path(e) + "\" " + expected(e);
    }
    String tool = method.equals(McpSchema.METHOD_TOOLS_CALL) ? params.get("name").asString() : null;
    return tool == null || tool.equals(WebSearchTool.NAME) ? null
        : "unknown tool " + quoted(tool) + " (dsh offers \"" + WebSearchTool.NAME + "\")";
  }

  private static String path(JacksonException e) {
    return e.getPath().stream().map(step -> step.getPropertyName() != null
        ? "." + step.getPropertyName() : "[" + step.getIndex() + "]").collect(Collectors.joining());
  }

  private static String expected(JacksonException e) {
    Class<?> type = e instanceof MismatchedInputException m ? m.getTargetType() : null;
    return type == null ? "has a value the MCP SDK cannot read"
        : type == String.class ? "must be a string"
        : type == Boolean.class || type == boolean.class ? "must be a boolean"
        : Number.class.isAssignableFrom(type) || type.isPrimitive() ? "must be a number"
        : Collection.class.isAssignableFrom(type) || type.isArray() ? "must be an array"
        : "must be an object";
  }

  private static boolean isObjectOrAbsent(@Nullable JsonNode node) {
    return absent(node) || node.isObject();
  }
  private static boolean absent(@Nullable JsonNode node) {
    return node == null || node.isMissingNode() || node.isNull();
  }

  /** {@code text} in quotes, cut short: a message echoes the client's value, not all of it. */
  private static String quoted(String text) {
    boolean cut = text.codePointCount(0, text.length()) > 64;
    return "\"" + (cut ? text.substring(0, text.offsetByCodePoints(0, 64)) + "…" : text) + "\"";
  }

  private static Refusal answer(@Nullable JsonNode id, int code, String message) {
    return new Refusal(true, id, code, message);
  }

  private static Refusal drop(String why) {
    return new Refusal(false, null, ErrorCodes.INVALID_REQUEST, why);
  }
}
