package dev.dsh.serve.console;

import static java.util.stream.Collectors.toSet;
import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.ScopeState;
import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.model.LifecycleEvent;
import dev.dsh.host.model.SearchRecord;
import dev.dsh.serve.testing.ConsoleSession;
import dev.dsh.serve.testing.ServedHost;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.pf4j.PluginState;
import tools.jackson.databind.json.JsonMapper;

/**
 * The pages' shells, their languages and headers, the static files, and the message
 * files' keys.
 */
class ConsolePagesTest {

  static final String CSP =
      "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

  // One server for the class: each test reads, or signs in a session of its own.
  @TempDir static Path home;
  private static SearchProStub stub;
  private static ServedHost served;

  @BeforeAll
  static void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("tea"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterAll
  static void stop() {
    served.close();
    stub.close();
  }

  private static HttpResponse<String> anonymous(String path) {
    return served.send(HttpRequest.newBuilder(served.url(path)).build());
  }

  @Test
  void aPageWithoutASessionSendsToTheSignInPageWhichNeedsNone() {
    HttpResponse<String> plugins = anonymous("/plugins");
    HttpResponse<String> row = anonymous("/config/web-search-yuanbao?tab=2");
    HttpResponse<String> login = anonymous("/login?next=%2Fplugins");

    assertThat(plugins.statusCode()).isEqualTo(303);
    assertThat(plugins.headers().firstValue("Location")).hasValueSatisfying(
        location -> assertThat(location).endsWith("/login?next=%2Fplugins"));
    assertThat(row.headers().firstValue("Location")).hasValueSatisfying(location ->
        assertThat(location).endsWith("/login?next=%2Fconfig%2Fweb-search-yuanbao%3Ftab%3D2"));
    assertThat(login.statusCode()).isEqualTo(200);
    assertThat(login.body()).contains("data-page=\"login\"", "data-next=\"/plugins\"",
        "<title>Sign in · dsh console</title>").doesNotContain("id=\"signout\"");
    assertThat(anonymous("/login?next=//evil.example").body()).contains("data-next=\"/\"");
    // not a page: the API's 401, not a redirect
    assertThat(anonymous("/nowhere").statusCode()).isEqualTo(401);
  }

  @Test
  void aSignedInPageRendersInEnglishWithTheSecurityHeaders() {
    ConsoleSession session = ConsoleSession.signIn(served);

    HttpResponse<String> page = session.get("/config/web-search-yuanbao");

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type")).hasValue("text/html;charset=utf-8");
    assertThat(page.headers().firstValue("Content-Security-Policy")).hasValue(CSP);
    assertThat(page.headers().firstValue("X-Frame-Options")).hasValue("DENY");
    assertThat(page.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(page.headers().firstValue("Referrer-Policy")).hasValue("no-referrer");
    assertThat(page.headers().firstValue("Cache-Control")).hasValue("no-store");
    assertThat(page.body()).contains("<html lang=\"en\">",
        "<main id=\"main\" data-page=\"config-row\" data-row=\"web-search-yuanbao\"",
        "<li><a href=\"/\">Overview</a></li>",
        "<li><a href=\"/config\" aria-current=\"page\">Config</a></li>",
        "<button type=\"button\" id=\"signout\" class=\"signout\">Sign out</button>",
        "<li><a href=\"/config/web-search-yuanbao?lang=zh\" hreflang=\"zh-CN\" lang=\"zh-CN\">简体中文</a>",
        "<script type=\"module\" src=\"/console/app.js\"></script>")
        .doesNotContain("{{", "<script>", "<style", " style=");
    for (String path : List.of("/", "/plugins", "/config", "/credentials", "/search",
        "/events")) {
      assertThat(session.get(path).body()).as(path)
          .contains("aria-current=\"page\"", "data-page=\"" + (path.equals("/") ? "overview"
              : path.substring(1)) + "\"");
    }
  }

  @Test
  void aRowNameIsEscapedNeverMarkup() {
    ConsoleSession session = ConsoleSession.signIn(served);

    HttpResponse<String> page = session.get("/config/a%22b%3Cscript%3E");

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.body()).contains("data-row=\"a&quot;b&lt;script&gt;\"")
        .doesNotContain("<script>");
  }

  @Test
  void theLanguageComesFromAcceptLanguageThenTheCookieThatLangSets() {
    ConsoleSession session = ConsoleSession.signIn(served);

    HttpResponse<String> chinese = served.send(session.request("/plugins")
        .header("Accept-Language", "zh-CN,zh;q=0.9,en;q=0.8").build());
    HttpResponse<String> switched = served.send(session.request("/login?next=%2Fsearch&lang=zh")
        .header("Accept-Language", "en").build());
    HttpResponse<String> remembered = served.send(session.request("/search")
        .header("Cookie", session.cookie() + "; dsh_lang=zh").header("Accept-Language", "en")
        .build());

    assertThat(chinese.body()).contains("<html lang=\"zh-CN\">", "<title>插件 · dsh 控制台</title>",
        "<li><a href=\"/plugins\" aria-current=\"page\">插件</a></li>", "退出登录");
    assertThat(switched.statusCode()).isEqualTo(303);
    assertThat(switched.headers().firstValue("Location")).hasValueSatisfying(
        location -> assertThat(location).endsWith("/login?next=%2Fsearch"));
    assertThat(switched.headers().firstValue("Set-Cookie")).hasValueSatisfying(
        cookie -> assertThat(cookie).startsWith("dsh_lang=zh;").contains("Path=/"));
    assertThat(remembered.body()).contains("<html lang=\"zh-CN\">", "搜索");
    assertThat(session.get("/search").body()).contains("<html lang=\"en\">");
  }

  @Test
  void theStaticFilesNeedNoSessionAndHaveTheirTypes() {
    HttpResponse<String> js = anonymous("/console/app.js");
    HttpResponse<String> css = anonymous("/console/console.css");
    HttpResponse<String> messages = anonymous("/console/messages/zh.json");

    assertThat(js.statusCode()).isEqualTo(200);
    assertThat(js.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("text/javascript"));
    assertThat(js.headers().firstValue("X-Content-Type-Options")).hasValue("nosniff");
    assertThat(js.headers().firstValue("Content-Security-Policy")).hasValue(CSP);
    assertThat(css.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("text/css"));
    assertThat(messages.headers().firstValue("Content-Type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    assertThat(messages.body()).contains("\"nav.overview\": \"概览\"");
    assertThat(anonymous("/console/").statusCode()).isIn(403, 404);
    assertThat(anonymous("/console/nothing.js").statusCode()).isEqualTo(404);
  }

  @Test
  void bothMessageFilesHaveTheSameKeysAndEveryKeyTheShellUses() throws IOException {
    List<String> en = keys("en");
    List<String> zh = keys("zh");

    assertThat(zh).containsExactlyInAnyOrderElementsOf(en);
    assertThat(en).contains("nav.overview", "nav.plugins", "nav.config", "nav.credentials",
        "nav.search", "nav.events", "nav.signout", "lang.en", "lang.zh", "page.loading",
        "title.overview", "title.plugins", "title.config", "title.config-row",
        "title.credentials", "title.search", "title.events", "title.login");
  }

  @Test
  void everyStateAndEventWordTheApiCanSendAndEveryKeyThePagesNameHasAMessageInBothFiles()
      throws Exception {
    List<String> needed = new ArrayList<>(List.of("state.NOT_LOADED")); // a jar not loaded now
    Stream.of(PluginState.values()).forEach(state -> needed.add("state." + state.name()));
    Stream.of(ScopeState.values()).forEach(state -> needed.add("state." + state.name()));
    Stream.of(LifecycleEvent.Kind.values()).forEach(kind ->
        needed.add("events.lifecycle." + kind.name().toLowerCase(Locale.ROOT)));
    Stream.of(SearchRecord.Outcome.values()).forEach(o -> needed.add("events.outcome." + o.label()));
    Stream.of("lifecycle", "reload", "search").forEach(kind -> needed.add("events.kind." + kind));
    // each quoted key the pages' scripts name, such as 'plugins.enabledNow'
    List<String> en = keys("en");
    Set<String> prefixes = en.stream().map(key -> key.split("\\.", 2)[0]).collect(toSet());
    Path scripts = Path.of(ConsolePagesTest.class.getResource("/dev/dsh/serve/console/app.js")
        .toURI()).getParent();
    try (Stream<Path> files = Files.list(scripts)) {
      for (Path script : files.filter(f -> f.toString().endsWith(".js")).toList()) {
        Matcher quoted = Pattern.compile("'([a-z]+)\\.([A-Za-z][\\w.-]*)'")
            .matcher(Files.readString(script));
        while (quoted.find()) {
          if (prefixes.contains(quoted.group(1))) {
            needed.add(quoted.group(1) + "." + quoted.group(2));
          }
        }
      }
    }

    assertThat(needed).hasSizeGreaterThan(150);
    assertThat(en).containsAll(needed);
    assertThat(keys("zh")).containsAll(needed);
  }

  private static List<String> keys(String language) throws IOException {
    try (InputStream in = ConsolePagesTest.class.getResourceAsStream(
        "/dev/dsh/serve/console/messages/" + language + ".json")) {
      List<String> keys = new ArrayList<>();
      JsonMapper.builder().build().readTree(in).propertyNames().forEach(keys::add);
      return keys;
    }
  }
}
