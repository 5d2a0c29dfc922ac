package dev.dsh.host.json;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.dsh.api.web.WebError;
import org.jspecify.annotations.Nullable;

/** An error as every door answers it: {@code {"error": {"code", "message", ...}}}. */
public record ErrorJson(Body error) {

  /** A stable code, what happened and what to do, and the provider's code and HTTP status. */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Body(String code, String message, @Nullable String providerCode,
      @Nullable Integer upstreamStatus) {}

  /** An error of {@code code} and {@code message}. */
  public static ErrorJson of(String code, String message) {
    return new ErrorJson(new Body(code, message, null, null));
  }

  /** The form of a search's {@code error}. */
  public static ErrorJson of(WebError error) {
    return new ErrorJson(new Body(error.code(), error.getMessage(),
        error.providerCode().orElse(null), error.upstreamStatus().orElse(null)));
  }

  /** This form as one line of JSON. */
  public String toJson() {
    return Json.MAPPER.writeValueAsString(this);
  }
}
