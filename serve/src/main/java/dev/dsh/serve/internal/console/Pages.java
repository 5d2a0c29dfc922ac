package dev.dsh.serve.internal.console;

import java.util.List;
import java.util.Optional;

/** The console's pages: which path shows which, in the navigation bar's order. */
final class Pages {

  /** A page: its name (the shell's {@code data-page}) and, for {@code config-row}, the row. */
  record Page(String name, String row) {}

  /** A link of the navigation bar: the page's name (its message keys' suffix) and path. */
  record Link(String name, String path) {}

  static final List<Link> NAV = List.of(new Link("overview", "/"), new Link("plugins", "/plugins"),
      new Link("config", "/config"), new Link("credentials", "/credentials"),
      new Link("search", "/search"), new Link("events", "/events"));

  static final String LOGIN = "/login";

  private Pages() {}

  /** The page {@code path} shows, if it is one of the console's (the sign-in page included). */
  static Optional<Page> of(String path) {
    if (path.equals(LOGIN)) {
      return Optional.of(new Page("login", ""));
    }
    if (path.startsWith("/config/") && path.length() > "/config/".length()
        && path.indexOf('/', "/config/".length()) < 0) {
      return Optional.of(new Page("config-row", path.substring("/config/".length())));
    }
    return NAV.stream().filter(link -> link.path().equals(path))
        .map(link -> new Page(link.name(), "")).findFirst();
  }

  /** Whether {@code path} is a page that needs a signed-in user. */
  static boolean guarded(String path) {
    return !path.equals(LOGIN) && of(path).isPresent();
  }
}
