package dev.dsh.yuanbao;

import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the response decoder made of a body: an error envelope, the pages of a well-formed answer,
 * or neither (an invalid body).
 *
 * @param errorCode the envelope's {@code Code} when it carried {@code Response.Error}
 * @param errorMessage the envelope's {@code Message}
 * @param pages the surviving page objects in order; empty for an invalid body or an error
 */
record Decoded(
    boolean valid,
    boolean error,
    @Nullable String errorCode,
    @Nullable String errorMessage,
    List<Page> pages) {

  static final Decoded INVALID = new Decoded(false, false, null, null, List.of());

  static Decoded envelope(@Nullable String code, @Nullable String message) {
    return new Decoded(true, true, code, message, List.of());
  }

  static Decoded pages(List<Page> pages) {
    return new Decoded(true, false, null, null, List.copyOf(pages));
  }
}
