package dev.dsh.yuanbao;

import java.util.Collections;
import java.util.List;
import org.jspecify.annotations.Nullable;

/**
 * What the response decoder made of a body: an error envelope, the pages of a well-formed answer,
 * or neither (an invalid body).
 *
 * @param errorCode the envelope's {@code Code} when it carried {@code Response.Error}
 * @param errorMessage the envelope's {@code Message}
 * @param pages the page entries in order, null for one that is not a readable object; empty for
 *     an invalid body or an error
 */
record Decoded(
    boolean valid,
    boolean error,
    @Nullable String errorCode,
    @Nullable String errorMessage,
    List<@Nullable Page> pages) {

  static final Decoded INVALID = new Decoded(false, false, null, null, List.of());

  static Decoded envelope(@Nullable String code, @Nullable String message) {
    return new Decoded(true, true, code, message, List.of());
  }

  static Decoded pages(List<@Nullable Page> pages) {
    return new Decoded(true, false, null, null, Collections.unmodifiableList(pages));
  }
}
