package dev.dsh.host.tool;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** The model-facing text of search results: content, {@code Sources:}, then {@link #CITE}. */
public final class WebSearchRendering {

  /** The line shown when a search found nothing. */
  public static final String NO_RESULTS = "No results found.";

  /** The line that always ends a successful rendering. */
  public static final String CITE = "Cite the relevant URLs above as markdown links in your answer.";

  private static final Pattern LINE_BREAKING_SPACE = Pattern.compile("\\s*[\\r\\n]\\s*");

  private WebSearchRendering() {}

  /** The text for one search's result. */
  public static String render(WebSearchResult result) {
    return render(List.of(""), List.of(result), result.sources(), result.truncated());
  }

  static String render(List<String> queries, List<WebSearchResult> results,
      List<WebSearchSource> sources, boolean truncated) {
    List<String> blocks = new ArrayList<>();
    for (int i = 0; i < queries.size(); i++) {
      String content = results.get(i).content();
      if (content != null) {
        blocks.add(queries.size() > 1
            ? "### " + oneLine(queries.get(i)) + "\n" + content.strip() : content.strip());
      }
    }
    if (!sources.isEmpty()) {
      StringBuilder list = new StringBuilder("Sources:");
      sources.forEach(source -> list.append('\n').append(line(source)));
      blocks.add(list.toString());
      if (truncated) {
        blocks.add("(Showing the first " + sources.size() + " sources. Refine the query for more.)");
      }
    } else if (blocks.isEmpty()) {
      blocks.add(NO_RESULTS);
    }
    blocks.add(CITE);
    return String.join("\n\n", blocks);
  }

  private static String line(WebSearchSource source) {
    StringBuilder line = new StringBuilder("- [")
        .append(oneLine(label(source)).replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]"))
        .append("](").append(linkTarget(source.url())).append(')');
    if (source.snippet() != null) {
      line.append(" — ").append(oneLine(source.snippet()));
    }
    if (source.publishedAt() != null) {
      line.append(" (").append(oneLine(source.publishedAt())).append(')');
    }
    return line.toString();
  }

  private static String label(WebSearchSource source) {
    if (source.title() != null) {
      return source.title();
    }
    try {
      String host = URI.create(source.url().trim()).getHost();
      return host == null || host.isBlank() ? source.url() : host;
    } catch (IllegalArgumentException e) {
      return source.url();
    }
  }

  private static String oneLine(String text) {
    return LINE_BREAKING_SPACE.matcher(text.strip()).replaceAll(" ");
  }

  // Whitespace, controls and < > percent-encoded; parentheses too when unbalanced (balanced ones,
  // as in Wikipedia urls, are valid Markdown).
  private static String linkTarget(String url) {
    int depth = 0;
    boolean balanced = true;
    for (int i = 0; i < url.length() && balanced; i++) {
      depth += url.charAt(i) == '(' ? 1 : url.charAt(i) == ')' ? -1 : 0;
      balanced = depth >= 0;
    }
    balanced &= depth == 0;
    StringBuilder target = new StringBuilder(url.length());
    for (int i = 0; i < url.length(); i++) {
      char c = url.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c) || c == '<' || c == '>'
          || (!balanced && (c == '(' || c == ')'))) {
        for (byte b : String.valueOf(c).getBytes(StandardCharsets.UTF_8)) {
          target.append(String.format("%%%02X", b & 0xFF));
        }
      } else {
        target.append(c);
      }
    }
    return target.toString();
  }
}
