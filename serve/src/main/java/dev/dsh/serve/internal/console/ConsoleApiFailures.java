package dev.dsh.serve.internal.console;

import dev.dsh.api.ConfigException;
import dev.dsh.api.ConfigViolation;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.model.ProfileEditException;
import dev.dsh.host.model.ProfileException;
import dev.dsh.serve.internal.api.ApiReplies;
import dev.dsh.serve.internal.api.BadRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * How the console's endpoints answer the host library's typed failures: each with its status,
 * its code and the message the CLI prints for it (those messages never hold a secret value).
 */
final class ConsoleApiFailures {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ConsoleApiFailures() {}

  /**
   * Answers {@code failure} if it is one the host library documents, else rethrows it (the
   * container's error handler answers 500 without its text).
   */
  static void answer(HttpServletResponse response, RuntimeException failure) throws IOException {
    if (failure instanceof ConfigException invalid) {
      invalidConfig(response, invalid);
    } else if (failure instanceof ProfileEditException edit) {
      switch (edit.reason()) {
        case UNKNOWN_ROW -> ApiReplies.error(response, 404, "UNKNOWN_ROW", edit.getMessage());
        case UNKNOWN_PLUGIN -> ApiReplies.error(response, 404, "UNKNOWN_PLUGIN", edit.getMessage());
        case SET_ELSEWHERE -> ApiReplies.error(response, 409, "SET_ELSEWHERE", edit.getMessage());
      }
    } else if (failure instanceof ProfileException profile) {
      ApiReplies.error(response, 409, "PROFILE_NOT_COMPOSED", profile.getMessage());
    } else if (failure instanceof PluginsUpload.Refused || failure instanceof PluginLoadException) {
      ApiReplies.error(response, 400, "BAD_PLUGIN", failure.getMessage());
    } else if (failure instanceof PluginsUpload.TooLarge) {
      ApiReplies.error(response, 413, "BODY_TOO_LARGE", failure.getMessage());
    } else if (failure instanceof FileAccessException file) {
      ApiReplies.error(response, 500, "FILE_ACCESS", file.getMessage());
    } else if (failure instanceof BadRequest || failure instanceof IllegalArgumentException) {
      ApiReplies.error(response, 400, "BAD_REQUEST", failure.getMessage());
    } else {
      throw failure;
    }
  }

  /** {@code 400 INVALID_CONFIG}: the CLI's message, and each violation at its pointer. */
  private static void invalidConfig(HttpServletResponse response, ConfigException invalid)
      throws IOException {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode error = root.putObject("error").put("code", "INVALID_CONFIG")
        .put("message", ApiReplies.printable(oneLine(invalid.getMessage())));
    ArrayNode violations = error.putArray("violations");
    for (ConfigViolation violation : invalid.violations()) {
      violations.addObject().put("pointer", violation.pointer())
          .put("message", ApiReplies.printable(violation.message()));
    }
    ApiReplies.json(response, 400, JSON.writeValueAsString(root));
  }

  /** The CLI's message has a line per violation; a JSON message is one line, joined by "; ". */
  static String oneLine(String text) {
    StringBuilder out = new StringBuilder();
    for (String line : text.strip().split("\\s*\\R\\s*")) {
      if (!out.isEmpty()) {
        out.append(out.charAt(out.length() - 1) == ':' ? " " : "; ");
      }
      out.append(line);
    }
    return out.toString();
  }
}
