package dev.dsh.api.testing;

/** SearchPro answer bodies the tests build instead of spelling the JSON out each time. */
public final class SearchProAnswers {

  private SearchProAnswers() {}

  /** An answer with one natural page whose url ends with {@code tag} (title {@code Page <tag>}). */
  public static String onePage(String tag) {
    return answer(
        "r-" + tag,
        page(
            "\\\"url\\\":\\\"https://example.com/" + tag + "\\\",\\\"title\\\":\\\"Page " + tag
                + "\\\",\\\"passage\\\":\\\"About " + tag + "\\\""));
  }

  /**
   * An answer of {@code count} pages for {@code slug}: page i has url {@code
   * https://example.com/<slug>/<i>}, title {@code Result <i> about <slug>}, passage {@code About
   * <slug>, part <i>} and date {@code 2025-06-0<i> 10:00:00} (day 1 to 9).
   */
  public static String pages(String slug, int count) {
    StringBuilder pages = new StringBuilder();
    for (int i = 1; i <= count; i++) {
      if (i > 1) {
        pages.append(',');
      }
      pages.append(
          page(
              "\\\"url\\\":\\\"https://example.com/" + slug + "/" + i + "\\\","
                  + "\\\"title\\\":\\\"Result " + i + " about " + slug + "\\\","
                  + "\\\"passage\\\":\\\"About " + slug + ", part " + i + "\\\","
                  + "\\\"date\\\":\\\"2025-06-0" + (1 + (i - 1) % 9) + " 10:00:00\\\""));
    }
    return answer("r-1", pages.toString());
  }

  /** One page given as its (escaped) JSON members, inside its string. */
  public static String page(String members) {
    return "\"{" + members + "}\"";
  }

  /** A SearchPro answer of {@code pages}, each an already-quoted page string. */
  public static String answer(String requestId, String pages) {
    return "{\"Response\":{\"RequestId\":\"" + requestId + "\",\"Pages\":[" + pages + "]}}";
  }
}
