package dev.dsh.serve.internal.console;

import dev.dsh.host.json.Json;
import dev.dsh.serve.internal.http.ApiReplies;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.eclipse.jetty.util.StringUtil;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.type.TypeReference;

/**
 * The pages' shells: the template ({@value #TEMPLATE}, placeholders in docs/console-api.md) in the
 * language {@code ?lang=} sets (a cookie, then 303), else the cookie's, else Accept-Language's.
 */
final class PageServlet extends HttpServlet {

  static final String TEMPLATE = "/dev/dsh/serve/console/page.html";
  static final String LOGIN = "/login";

  private static final Map<String, String> TAGS = Map.of("en", "en", "zh", "zh-CN");

  private static final Map<String, Map<String, String>> MESSAGES =
      Map.of("en", messages("en"), "zh", messages("zh"));

  private static final List<String> NAV =
      List.of("overview", "plugins", "config", "credentials", "search", "events");

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\{\\{(t:|here:|mine:|switch:)?([A-Za-z0-9_.-]+)}}");

  /** A page: its name (the shell's {@code data-page}) and, for {@code config-row}, the row. */
  record Page(String name, String row) {}

  private final String template = read(TEMPLATE);

  /** The page {@code path} shows, if it is one of the console's (the sign-in page too). */
  static Optional<Page> page(String path) {
    String row = path.startsWith("/config/") ? path.substring("/config/".length()) : "";
    return path.equals(LOGIN) ? Optional.of(new Page("login", ""))
        : !row.isEmpty() && !row.contains("/") ? Optional.of(new Page("config-row", row))
        : NAV.stream().filter(name -> path.equals(name.equals("overview") ? "/" : "/" + name))
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
      named(request.getParameter("lang")).ifPresent(language -> response.addHeader("Set-Cookie",
          "dsh_lang=" + language + "; Path=/; Max-Age=31536000; SameSite=Lax")); // a year
      response.setStatus(303);
      response.setHeader("Location", otherQuery.isEmpty() ? path : path + "?" + otherQuery);
      return;
    }
    // Accept-Language by quality; without one, getLocales gives the server's own locale
    String language = named(cookie(request, "dsh_lang")).or(() -> request.getHeader(
        "Accept-Language") == null ? Optional.empty() : Collections.list(request.getLocales())
            .stream().map(Locale::getLanguage).filter(TAGS::containsKey).findFirst())
        .orElse("en");
    String next = request.getParameter("next");
    boolean local = next != null && next.startsWith("/") && !next.startsWith("//")
        && !next.startsWith("/\\") && next.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    ApiReplies.send(response, 200, "text/html; charset=utf-8", render(page.get(), path,
        otherQuery, language, request.getAttribute(Console.SESSION) != null, local ? next : "/"));
  }

  private String render(Page page, String path, String otherQuery, String language,
      boolean signedIn, String next) {
    Map<String, String> messages = MESSAGES.get(language);
    String current = page.name().equals("config-row") ? "config" : page.name();
    Map<String, String> text = Map.of("lang", TAGS.get(language), "page", page.name(),
        "row", page.row(), "next", next, "title", messages.get("title." + page.name()),
        "loading", messages.get("page.loading"));
    String signout = !signedIn ? "" : "<button type=\"button\" id=\"signout\" class=\"signout\">"
        + StringUtil.sanitizeXmlString(messages.get("nav.signout")) + "</button>";
    return PLACEHOLDER.matcher(template).replaceAll(match -> {
      String key = match.group(2);
      return Matcher.quoteReplacement(switch (String.valueOf(match.group(1))) {
        case "here:" -> key.equals(current) ? " aria-current=\"page\"" : "";
        case "mine:" -> key.equals(language) ? " aria-current=\"true\"" : "";
        case "t:" -> StringUtil.sanitizeXmlString(messages.getOrDefault(key, key));
        // this page in another language, its other query parameters kept
        case "switch:" -> StringUtil.sanitizeXmlString(
            path + "?" + otherQuery + (otherQuery.isEmpty() ? "" : "&") + "lang=" + key);
        default -> key.equals("signout") ? signout
            : StringUtil.sanitizeXmlString(text.getOrDefault(key, ""));
      });
    });
  }

  static @Nullable String cookie(HttpServletRequest request, String name) {
    return Arrays.stream(Optional.ofNullable(request.getCookies()).orElse(new Cookie[0]))
        .filter(c -> c.getName().equals(name)).map(Cookie::getValue).findFirst().orElse(null);
  }

  private static Optional<String> named(@Nullable String value) {
    return Optional.ofNullable(value).map(name -> name.toLowerCase(Locale.ROOT))
        .filter(TAGS::containsKey);
  }

  private static Map<String, String> messages(String language) {
    return Map.copyOf(Json.MAPPER.readValue(read("/dev/dsh/serve/console/messages/" + language
        + ".json"), new TypeReference<Map<String, String>>() {}));
  }

  private static String read(String resource) {
    try (InputStream in = PageServlet.class.getResourceAsStream(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
