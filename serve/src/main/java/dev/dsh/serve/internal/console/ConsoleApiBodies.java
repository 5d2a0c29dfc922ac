package dev.dsh.serve.internal.console;

import dev.dsh.serve.internal.api.BadRequest;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The JSON bodies the console's endpoints take: one object, its fields read by pointer. */
final class ConsoleApiBodies {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ConsoleApiBodies() {}

  /**
   * The request's body as a JSON object (the HTTP stack caps its size).
   *
   * @throws BadRequest when it is not one, saying what it is
   */
  static JsonNode object(HttpServletRequest request) throws IOException {
    JsonNode body;
    try {
      body = JSON.readTree(request.getInputStream());
    } catch (JacksonException e) {
      // Jackson's text may quote the body: it is not echoed.
      throw new BadRequest("", "the body is not valid JSON: send one JSON object");
    }
    if (body == null || !body.isObject()) {
      throw new BadRequest("", "the body must be a JSON object");
    }
    return body;
  }

  /**
   * The field {@code name} of {@code body}, which must be there.
   *
   * @throws BadRequest naming the field and what it must be
   */
  static JsonNode field(JsonNode body, String name, String mustBe) {
    return Optional.ofNullable(body.get(name)).filter(value -> !value.isNull())
        .orElseThrow(() -> new BadRequest("/" + name, "missing: give " + mustBe));
  }

  /** The one path segment after the servlet's path ({@code /x}), if the path is that. */
  static Optional<String> segment(HttpServletRequest request) {
    String info = Optional.ofNullable(request.getPathInfo()).orElse("");
    return info.length() > 1 && info.indexOf('/', 1) < 0
        ? Optional.of(info.substring(1))
        : Optional.empty();
  }
}
