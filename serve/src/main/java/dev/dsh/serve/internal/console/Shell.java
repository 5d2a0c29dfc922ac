package dev.dsh.serve.internal.console;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.jetty.util.StringUtil;

/**
 * The one template every page's shell is rendered from ({@code console/page.html}). A
 * placeholder {@code {{name}}} takes a value the server gives, {@code {{t:key}}} the chosen
 * language's message {@code key}; every text is HTML-escaped, and only the fragments this class
 * builds itself (the navigation bar, the language switch, the sign-out button) go in as markup.
 */
final class Shell {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{(t:)?([A-Za-z0-9_.-]+)}}");

  /** Where a page is and who asks: what the shell shows around its {@code main}. */
  record View(Pages.Page page, String path, String otherQuery, Language language,
      boolean signedIn, String next) {}

  /** The template's resource name. */
  static final String TEMPLATE = "/dev/dsh/serve/console/page.html";

  private final String template;

  private Shell(String template) {
    this.template = template;
  }

  /** The shell of the jar's template. */
  static Shell load() {
    try (InputStream in = Shell.class.getResourceAsStream(TEMPLATE)) {
      if (in == null) {
        throw new IllegalStateException("the page template " + TEMPLATE + " is not in the jar");
      }
      return new Shell(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The page's HTML. */
  String render(View view) {
    Language language = view.language();
    Map<String, String> markup = Map.of("nav", nav(view), "languages", languages(view),
        "signout", view.signedIn() ? "<button type=\"button\" id=\"signout\" class=\"signout\">"
            + escape(language.text("nav.signout")) + "</button>" : "");
    Map<String, String> text = Map.of("lang", language.tag(), "page", view.page().name(),
        "row", view.page().row(), "next", view.next(),
        "title", language.text("title." + view.page().name()),
        "loading", language.text("page.loading"));
    Matcher matcher = PLACEHOLDER.matcher(template);
    return matcher.replaceAll(match -> {
      String name = match.group(2);
      String value = match.group(1) != null ? escape(language.text(name))
          : markup.getOrDefault(name, escape(text.getOrDefault(name, "")));
      return Matcher.quoteReplacement(value);
    });
  }

  private static String nav(View view) {
    StringBuilder out = new StringBuilder("<ul class=\"nav\">");
    String current = view.page().name().equals("config-row") ? "config" : view.page().name();
    for (Pages.Link link : Pages.NAV) {
      out.append("<li><a href=\"").append(escape(link.path())).append('"')
          .append(link.name().equals(current) ? " aria-current=\"page\"" : "").append('>')
          .append(escape(view.language().text("nav." + link.name()))).append("</a></li>");
    }
    return out.append("</ul>").toString();
  }

  /**
   * Links to this page in each language, each named in its own: its other query parameters kept,
   * {@code lang} set.
   */
  private static String languages(View view) {
    StringBuilder out = new StringBuilder("<ul class=\"langs\">");
    for (Language language : Language.values()) {
      String href = view.path() + "?" + view.otherQuery()
          + (view.otherQuery().isEmpty() ? "" : "&") + "lang=" + language.code();
      out.append("<li><a href=\"").append(escape(href)).append("\" hreflang=\"")
          .append(language.tag()).append("\" lang=\"").append(language.tag()).append('"')
          .append(language == view.language() ? " aria-current=\"true\"" : "").append('>')
          .append(escape(language.text("lang." + language.code()))).append("</a></li>");
    }
    return out.append("</ul>").toString();
  }

  /** {@code text} safe in HTML text and in a quoted attribute ({@code & < > " '} escaped). */
  private static String escape(String text) {
    return StringUtil.sanitizeXmlString(text);
  }
}
