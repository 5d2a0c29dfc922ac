package dev.dsh.serve.internal.console;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import dev.dsh.host.json.Json;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.jetty.util.StringUtil;
import tools.jackson.core.type.TypeReference;
import org.jspecify.annotations.Nullable;

/**
 * The pages' shells, rendered from the one template ({@value #TEMPLATE}) in the chosen language:
 * {@code ?lang=} sets the language cookie and sends the browser back without it ({@code 303}),
 * else the cookie, else {@code Accept-Language}. In the template {@code {{name}}} is a value of the
 * server's and {@code {{t:key}}} a message, each HTML-escaped; {@code {{here:page}}} and {@code
 * {{mine:lang}}} mark the current page and language, {@code {{switch:lang}}} links this page in
 * another language; {@code {{signout}}} is the sign-out button, when signed in. {@link
 * SessionGate} has already sent a visitor who is not signed in to the sign-in page.
 */
final class PageServlet extends HttpServlet {

  static final String TEMPLATE = "/dev/dsh/serve/console/page.html";
  static final String LOGIN = "/login";

  /** The navigation bar's pages (the template lists them too), each at {@link #link}. */
  private static final List<String> NAV =
      List.of("overview", "plugins", "config", "credentials", "search", "events");

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\{\\{(t:|here:|mine:|switch:)?([A-Za-z0-9_.-]+)}}");

  /** A page: its name (the shell's {@code data-page}) and, for {@code config-row}, the row. */
  record Page(String name, String row) {}

  private final String template;

  PageServlet() {
    try (InputStream in = PageServlet.class.getResourceAsStream(TEMPLATE)) {
      template = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String link(String page) {
    return page.equals("overview") ? "/" : "/" + page;
  }

  /** The page {@code path} shows, if it is one of the console's (the sign-in page too). */
  static Optional<Page> page(String path) {
    String row = path.startsWith("/config/") ? path.substring("/config/".length()) : "";
    return path.equals(LOGIN) ? Optional.of(new Page("login", ""))
        : !row.isEmpty() && !row.contains("/") ? Optional.of(new Page("config-row", row))
        : NAV.stream().filter(name -> link(name).equals(path))
            .map(name -> new Page(name, "")).findFirst();
  }

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // "" + "/" for the root's exact mapping, "/config" + "/<row>" for a row's
    String path = request.getServletPath() + Optional.ofNullable(request.getPathInfo()).orElse("");
    Optional<Page> page = page(path);
    if (page.isEmpty()) {
      response.sendError(404);
      return;
    }
    String otherQuery = Arrays.stream(Optional.ofNullable(request.getQueryString()).orElse("")
        .split("&")).filter(p -> !p.isEmpty() && !p.startsWith("lang=")).collect(
            Collectors.joining("&"));
    if (request.getParameter("lang") != null) {
      Language.named(request.getParameter("lang")).ifPresent(language -> {
        Cookie cookie = new Cookie(Language.COOKIE, language.code());
        cookie.setPath("/");
        cookie.setMaxAge(365 * 24 * 3600);
        cookie.setAttribute("SameSite", "Lax");
        response.addCookie(cookie);
      });
      response.setStatus(303);
      response.setHeader("Location", otherQuery.isEmpty() ? path : path + "?" + otherQuery);
      return;
    }
    Language language = Language.choose(cookie(request, Language.COOKIE),
        request.getHeader("Accept-Language"));
    String next = request.getParameter("next");
    boolean local = next != null && next.startsWith("/") && !next.startsWith("//")
        && !next.startsWith("/\\") && next.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    byte[] body = render(page.get(), path, otherQuery, language,
        request.getAttribute(SessionGate.SESSION) != null, local ? next : "/")
        .getBytes(StandardCharsets.UTF_8);
    response.setContentType("text/html; charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  private String render(Page page, String path, String otherQuery, Language language,
      boolean signedIn, String next) {
    String current = page.name().equals("config-row") ? "config" : page.name();
    Map<String, String> text = Map.of("lang", language.tag(), "page", page.name(),
        "row", page.row(), "next", next, "title", language.text("title." + page.name()),
        "loading", language.text("page.loading"));
    return PLACEHOLDER.matcher(template).replaceAll(match -> Matcher.quoteReplacement(
        switch (String.valueOf(match.group(1))) {
          case "t:" -> escape(language.text(match.group(2)));
          case "here:" -> match.group(2).equals(current) ? " aria-current=\"page\"" : "";
          case "mine:" -> match.group(2).equals(language.code()) ? " aria-current=\"true\"" : "";
          // this page in another language, its other query parameters kept
          case "switch:" -> escape(path + "?" + otherQuery + (otherQuery.isEmpty() ? "" : "&")
              + "lang=" + match.group(2));
          default -> !match.group(2).equals("signout") ? escape(text.getOrDefault(match.group(2),
              "")) : signedIn ? "<button type=\"button\" id=\"signout\" class=\"signout\">"
              + escape(language.text("nav.signout")) + "</button>" : "";
        }));
  }

  /** The value of the cookie {@code name}, if sent. */
  static @Nullable String cookie(HttpServletRequest request, String name) {
    return Arrays.stream(Optional.ofNullable(request.getCookies()).orElse(new Cookie[0]))
        .filter(c -> c.getName().equals(name)).map(Cookie::getValue).findFirst().orElse(null);
  }

  /** {@code text} safe in HTML text and in a quoted attribute ({@code & < > " '} escaped). */
  private static String escape(String text) {
    return StringUtil.sanitizeXmlString(text);
  }

  /** The console's languages and their message files ({@code messages/<code>.json}, flat). */
  enum Language {
    EN("en", "en"),
    ZH("zh", "zh-CN");

    /** The cookie remembering the language chosen with {@code ?lang=}. */
    static final String COOKIE = "dsh_lang";

    private final String code;
    private final String tag;
    private final Map<String, String> messages;

    Language(String code, String tag) {
      this.code = code;
      this.tag = tag;
      try (InputStream in = Language.class.getResourceAsStream(
          "/dev/dsh/serve/console/messages/" + code + ".json")) {
        messages = Map.copyOf(Json.MAPPER.readValue(in, new TypeReference<Map<String, String>>() {}));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** {@code en} or {@code zh}: the message file's name, {@code ?lang=}'s and the cookie's value. */
    String code() {
      return code;
    }

    /** The HTML language tag: {@code en} or {@code zh-CN}. */
    String tag() {
      return tag;
    }

    /** The text of {@code key}, or the key itself when the file lacks it. */
    String text(String key) {
      return messages.getOrDefault(key, key);
    }

    static Optional<Language> named(@Nullable String value) {
      return Stream.of(values()).filter(language -> language.code.equalsIgnoreCase(value)
          || language.tag.equalsIgnoreCase(value)).findFirst();
    }

    /** The cookie's, else the first of {@code Accept-Language} that is one, else English. */
    static Language choose(@Nullable String cookie, @Nullable String acceptLanguage) {
      try {
        return named(cookie).or(() -> acceptLanguage == null ? Optional.empty()
            : Locale.LanguageRange.parse(acceptLanguage).stream()
                .map(range -> range.getRange().split("-", 2)[0])
                .filter(primary -> primary.equals("zh") || primary.equals("en")).findFirst()
                .flatMap(Language::named)).orElse(EN);
      } catch (IllegalArgumentException e) {
        return EN; // a malformed header chooses nothing
      }
    }
  }
}
