package dev.dsh.api.testing;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One request a {@link SearchProStub} saw.
 *
 * @param method the request method, {@code POST} for a search
 * @param path the request path, {@code /SearchPro} for a search
 * @param head the request line and headers as sent, up to the blank line
 * @param headers the headers by lower-case name (the last value of a repeated one)
 * @param body the body, decoded as UTF-8
 */
public record StubRequest(
    String method, String path, String head, Map<String, String> headers, String body) {

  /** Whether this is a search: {@code POST /SearchPro}. */
  public boolean isSearch() {
    return method.equals("POST") && path.equals("/SearchPro");
  }

  /** Whether the header {@code name} (any case) was sent with exactly {@code value}. */
  public boolean hasHeader(String name, String value) {
    return header(name).filter(value::equals).isPresent();
  }

  /** The header {@code name} (any case), if it was sent. */
  public Optional<String> header(String name) {
    return Optional.ofNullable(headers.get(name.toLowerCase(Locale.ROOT)));
  }
}
