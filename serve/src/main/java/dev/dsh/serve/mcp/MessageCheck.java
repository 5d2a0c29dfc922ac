package dev.dsh.serve.mcp;

import dev.dsh.host.tool.WebSearchTool;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolRequest;
import io.modelcontextprotocol.spec.McpSchema.InitializeRequest;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the SDK 2.1.0 server would fail on in a parsed message, found before it gets there.
 *
 * <p>The SDK's transport ends the whole session on a message it cannot map to its JSON-RPC
 * records (an id that is not a string or a 64-bit integer, a {@code null} method, a response
 * without an id or with a non-object error), and its handlers answer params of the wrong shape
 * with {@code -32603} and Java exception text. So this checks just those shapes, once, with
 * messages naming the field: the envelope of every message, and the {@code params} of every
 * request, mapped to the SDK's own records where the SDK maps them ({@code initialize}, {@code
 * tools/call}) so that a value fails here exactly where it would fail there; and {@code
 * logging/setLevel}, which the SDK serves although dsh declares no {@code logging} capability. A
 * request that fails is answered; a notification or response that fails is dropped (nothing may
 * answer it).
 *
 * <p>Every MCP door checks each message here, once: {@code dsh mcp} on stdio and {@code /mcp} over
 * HTTP, so both answer the same line with the same error.
 */
public final class MessageCheck {

  /** JSON-RPC's code for a message that is not JSON. */
  public static final int PARSE_ERROR = -32700;
  /** JSON-RPC's code for JSON that is not a message the server can take. */
  public static final int INVALID_REQUEST = -32600;
  /** JSON-RPC's code for a method the server does not offer. */
  public static final int METHOD_NOT_FOUND = -32601;
  /** JSON-RPC's code for a request whose params are wrong. */
  public static final int INVALID_PARAMS = -32602;

  /**
   * Why a message is refused.
   *
   * @param answered true for a request, which gets the error as its answer; false for a
   *     notification or response, which nothing may answer
   * @param id the request's id when usable, else null
   * @param code the JSON-RPC error code (for a dropped message, {@link #INVALID_REQUEST})
   * @param message what is wrong, naming the field; for a dropped message it names the kind of
   *     message, as in {@code a notification: "method" must be a string}
   */
  public record Refusal(boolean answered, @Nullable JsonNode id, int code, String message) {}

  // The methods whose params the SDK maps to its records: a value it cannot map is its -32603.
  private static final Map<String, Class<?>> MAPPED = Map.of(
      McpSchema.METHOD_INITIALIZE, InitializeRequest.class,
      McpSchema.METHOD_TOOLS_CALL, CallToolRequest.class);

  // The fields of those params the protocol requires, parents first: the SDK would put an empty
  // default in their place (and log a warning).
  private static final Map<String, List<String>> REQUIRED = Map.of(
      McpSchema.METHOD_INITIALIZE,
      List.of("protocolVersion", "capabilities", "clientInfo", "clientInfo.name", "clientInfo.version"),
      McpSchema.METHOD_TOOLS_CALL, List.of("name"));

  // Configured as the SDK's mapper is (both doors build it so), so it fails where the SDK would.
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final int ECHOED = 64;

  private MessageCheck() {}

  /**
   * Why bytes that could not be parsed are refused ({@link #PARSE_ERROR}, answered with a null
   * id): not JSON, or past one of Jackson's default read bounds, which both doors parse with.
   */
  public static Refusal notJson(JacksonException e) {
    if (e instanceof StreamConstraintsException) {
      StreamReadConstraints bounds = StreamReadConstraints.defaults();
      return answer(null, PARSE_ERROR, "Parse error: the JSON nests deeper than "
          + bounds.getMaxNestingDepth() + " levels, or holds a number over "
          + bounds.getMaxNumberLength() + " digits or a name over " + bounds.getMaxNameLength()
          + " characters");
    }
    return answer(null, PARSE_ERROR, "Parse error: the message is not JSON (UTF-8)");
  }

  /**
   * Null when the SDK can take {@code message} (a parsed JSON value, or a missing node for no
   * value at all); else why not.
   */
  public static @Nullable Refusal check(JsonNode message) {
    if (!(message instanceof ObjectNode object)) {
      return answer(null, INVALID_REQUEST,
          "Invalid Request: a message is one JSON object (batches are not supported)");
    }
    JsonNode id = object.get("id");
    boolean usableId = id != null && (id.isString() || (id.isIntegralNumber() && id.canConvertToLong()));
    if (object.has("method")) {
      return id == null ? notification(object) : request(object, usableId ? id : null);
    }
    if (object.has("result") || object.has("error")) {
      return response(object, usableId);
    }
    return answer(usableId ? id : null, INVALID_REQUEST,
        "Invalid Request: not a JSON-RPC request, notification or response");
  }

  private static @Nullable Refusal request(ObjectNode request, @Nullable JsonNode id) {
    String wrong =
        id == null ? "\"id\" must be a string or a 64-bit integer" : envelope(request);
    if (wrong != null) {
      return answer(id, INVALID_REQUEST, "Invalid Request: " + wrong);
    }
    String method = request.get("method").stringValue();
    if (method.equals(McpSchema.METHOD_LOGGING_SET_LEVEL)) {
      return answer(id, METHOD_NOT_FOUND,
          "Method not found: " + McpSchema.METHOD_LOGGING_SET_LEVEL + " (dsh does not offer the logging capability)");
    }
    wrong = params(method, request.get("params"));
    return wrong == null ? null : answer(id, INVALID_PARAMS, "Invalid params: " + wrong);
  }

  private static @Nullable Refusal notification(ObjectNode notification) {
    String wrong = envelope(notification);
    if (wrong == null && !isObjectOrAbsent(notification.get("params"))) {
      wrong = "\"params\" must be an object";
    }
    return wrong == null ? null : drop("a notification: " + wrong);
  }

  private static @Nullable Refusal response(ObjectNode response, boolean usableId) {
    String wrong = jsonrpc(response);
    JsonNode result = response.get("result");
    JsonNode error = response.get("error");
    if (wrong == null && !usableId) {
      wrong = "\"id\" must be a string or a 64-bit integer";
    } else if (wrong == null && (result == null || result.isNull()) == (error == null || error.isNull())) {
      wrong = "it must hold one of \"result\" and \"error\"";
    } else if (wrong == null && error != null && !error.isNull()
        && !(error.isObject() && error.path("code").isInt() && error.path("message").isString())) {
      wrong = "\"error\" must be an object with an integer \"code\" and a string \"message\"";
    }
    return wrong == null ? null : drop("a response: " + wrong);
  }

  /** What is wrong with the fields every request and notification has, or null. */
  private static @Nullable String envelope(ObjectNode message) {
    String wrong = jsonrpc(message);
    if (wrong == null && !message.get("method").isString()) {
      wrong = "\"method\" must be a string";
    }
    return wrong;
  }

  private static @Nullable String jsonrpc(ObjectNode message) {
    JsonNode version = message.get("jsonrpc");
    return version != null && version.isString() && version.stringValue().equals("2.0")
        ? null
        : "\"jsonrpc\" must be \"2.0\"";
  }

  /** What is wrong with a request's params for {@code method}, or null. */
  private static @Nullable String params(String method, @Nullable JsonNode params) {
    if (!isObjectOrAbsent(params)) {
      return "\"params\" must be an object";
    }
    Class<?> record = MAPPED.get(method);
    if (record == null) {
      return null;
    }
    if (params == null || params.isNull()) {
      return "\"params\" is required for " + method;
    }
    for (String field : REQUIRED.get(method)) {
      String pointer = "/" + field.replace('.', '/');
      JsonNode value = params.at(pointer);
      // under a parent that is no object, the mapping below names the parent
      boolean underObject = params.at(pointer.substring(0, pointer.lastIndexOf('/'))).isObject();
      if ((value.isMissingNode() || value.isNull()) && underObject) {
        return "\"params." + field + "\" is required";
      }
    }
    try {
      JSON.treeToValue(params, record);
    } catch (JacksonException e) {
      return "\"params" + path(e) + "\" " + expected(e);
    }
    return method.equals(McpSchema.METHOD_TOOLS_CALL) ? tool(params.get("name")) : null;
  }

  private static @Nullable String tool(JsonNode name) {
    String tool = name.asString();
    return tool.equals(WebSearchTool.NAME)
        ? null
        : "unknown tool " + quoted(tool) + " (dsh offers \"" + WebSearchTool.NAME + "\")";
  }

  /** Where in params the mapping failed: {@code .arguments}, {@code .clientInfo.name}. */
  private static String path(JacksonException e) {
    StringBuilder path = new StringBuilder();
    for (JacksonException.Reference reference : e.getPath()) {
      String name = reference.getPropertyName();
      path.append(name != null ? "." + name : "[" + reference.getIndex() + "]");
    }
    return path.toString();
  }

  /** What the SDK expected there, as a JSON type. */
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
    return node == null || node.isNull() || node.isObject();
  }

  /** {@code text} in quotes, cut short: a message echoes the client's value, not all of it. */
  private static String quoted(String text) {
    int cut = text.codePointCount(0, text.length()) > ECHOED ? text.offsetByCodePoints(0, ECHOED) : -1;
    return "\"" + (cut < 0 ? text : text.substring(0, cut) + "…") + "\"";
  }

  /** The JSON-RPC error answer {@code {"jsonrpc":"2.0","id":…,"error":{"code","message"}}}. */
  public static ObjectNode error(@Nullable JsonNode id, int code, String message) {
    ObjectNode error = JsonNodeFactory.instance.objectNode().put("jsonrpc", "2.0");
    error.set("id", id == null ? JsonNodeFactory.instance.nullNode() : id);
    error.putObject("error").put("code", code).put("message", message);
    return error;
  }

  private static Refusal answer(@Nullable JsonNode id, int code, String message) {
    return new Refusal(true, id, code, message);
  }

  private static Refusal drop(String why) {
    return new Refusal(false, null, INVALID_REQUEST, why);
  }
}
