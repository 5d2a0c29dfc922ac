package dev.dsh.yuanbao;

import org.jspecify.annotations.Nullable;

/**
 * The fields of one decoded {@code Pages} entry that the mapping reads. A field whose JSON value
 * is not a string is absent.
 *
 * @param vr the {@code vr} flag
 * @param content the {@code content} field; only a vertical page reads it, so the decoder may leave
 *     it absent on a natural page
 * @param display the {@code display} object; absent when missing or not an object
 */
record Page(
    Vr vr,
    @Nullable String url,
    @Nullable String title,
    @Nullable String date,
    @Nullable String passage,
    @Nullable String content,
    @Nullable Display display) {

  /** The {@code vr} flag: {@code true}, absent ({@code null} counts as absent), or anything else. */
  enum Vr {
    TRUE,
    ABSENT,
    OTHER
  }

  /** The string fields of a page's {@code display} object. */
  record Display(
      @Nullable String url,
      @Nullable String title,
      @Nullable String date,
      @Nullable String content) {}

  /** Vertical when {@code vr} is true, or when it is absent and {@code display} is an object. */
  boolean vertical() {
    return vr == Vr.TRUE || (vr == Vr.ABSENT && display != null);
  }
}
