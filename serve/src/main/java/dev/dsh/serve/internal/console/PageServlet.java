package dev.dsh.serve.internal.console;

import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The pages' shells ({@link Pages}), rendered by {@link Shell} in the chosen language: {@code
 * ?lang=} sets the language cookie and sends the browser back without it ({@code 303}); else the
 * cookie, else {@code Accept-Language}. {@link SessionGate} has already sent a visitor who is not
 * signed in to the sign-in page.
 */
final class PageServlet extends HttpServlet {

  private static final long serialVersionUID = 1L;
  private static final int YEAR_SECONDS = 365 * 24 * 3600;

  private final transient Shell shell = Shell.load();

  @Override
  protected void doGet(HttpServletRequest request, HttpServletResponse response)
      throws IOException {
    // "" + "/" for the root's exact mapping, "/config" + "/<row>" for a row's
    String path = request.getServletPath() + Optional.ofNullable(request.getPathInfo()).orElse("");
    Optional<Pages.Page> page = Pages.of(path);
    if (page.isEmpty()) {
      response.sendError(404);
      return;
    }
    String query = Optional.ofNullable(request.getQueryString()).orElse("");
    String otherQuery = Arrays.stream(query.split("&"))
        .filter(p -> !p.isEmpty() && !p.startsWith("lang=")).collect(Collectors.joining("&"));
    String asked = request.getParameter("lang");
    if (asked != null) {
      Language.named(asked).ifPresent(language -> {
        Cookie cookie = new Cookie(Language.COOKIE, language.code());
        cookie.setPath("/");
        cookie.setMaxAge(YEAR_SECONDS);
        cookie.setAttribute("SameSite", "Lax");
        response.addCookie(cookie);
      });
      response.setStatus(303);
      response.setHeader("Location", otherQuery.isEmpty() ? path : path + "?" + otherQuery);
      return;
    }
    Language language = Language.choose(cookie(request, Language.COOKIE),
        request.getHeader("Accept-Language"));
    boolean signedIn = request.getAttribute(SessionGate.SESSION) != null;
    String html = shell.render(new Shell.View(page.get(), path, otherQuery, language, signedIn,
        next(request.getParameter("next"))));
    byte[] body = html.getBytes(StandardCharsets.UTF_8);
    response.setContentType("text/html; charset=utf-8");
    response.setHeader("Cache-Control", "no-store");
    response.setContentLength(body.length);
    response.getOutputStream().write(body);
  }

  /** Where the sign-in page sends the user: a path of this server only, else {@code /}. */
  static String next(@Nullable String asked) {
    boolean local = asked != null && asked.startsWith("/") && !asked.startsWith("//")
        && !asked.startsWith("/\\") && asked.chars().noneMatch(c -> c < 0x20 || c == 0x7f);
    return local ? asked : "/";
  }

  /** The value of the cookie {@code name}, if sent. */
  static @Nullable String cookie(HttpServletRequest request, String name) {
    Cookie[] cookies = request.getCookies();
    return cookies == null ? null : Arrays.stream(cookies).filter(c -> c.getName().equals(name))
        .map(Cookie::getValue).findFirst().orElse(null);
  }
}
