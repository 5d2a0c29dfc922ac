package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertAll;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.json.JsonMapper;

/** Every fixture of the test resources' {@code wsa/} maps as its README says. */
class FixtureMappingTest {

  @RegisterExtension static final SearchProStub server = SearchProStub.unrouted();
  private static final ObjectMapper mapper = JsonMapper.builder().build();
  private static YuanbaoSearchProvider provider;

  @BeforeAll
  static void start() {
    provider = TestSupport.provider(TestSupport.config(server.baseUrl()));
  }

  @AfterAll
  static void stop() {
    provider.close();
  }

  private static void serve(String fixture, int status) {
    server.answer(StubReply.status(status, TestSupport.fixture(fixture)));
  }

  private static WebSearchResult searchFixture(String fixture) {
    serve(fixture, 200);
    return TestSupport.search(provider, "q");
  }

  /** The raw page objects of a fixture, as the README indexes them. */
  private static List<JsonNode> rawPages(String fixture) {
    JsonNode pages = mapper.readTree(TestSupport.fixture(fixture)).path("Response").path("Pages");
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode page : pages) {
      out.add(page.isString() ? readOrNull(page.asString()) : page);
    }
    return out;
  }

  private static JsonNode readOrNull(String text) {
    try {
      return mapper.readTree(text);
    } catch (RuntimeException e) {
      return null;
    }
  }

  static Stream<Arguments> naturalFixtures() {
    return Stream.of(
        Arguments.of("01-normal-zh-10.json", range(10)),
        Arguments.of("02-normal-en-10.json", range(10)),
        Arguments.of("03-premium-cnt50.json", range(50)),
        Arguments.of("04-missing-url.json", List.of(0, 4, 6, 7, 8, 9)),
        Arguments.of("05-missing-empty-passage.json", List.of(0, 6, 7)),
        Arguments.of("10-unicode-emoji.json", range(5)),
        Arguments.of("11-html-entities.json", range(6)),
        Arguments.of("18-pages-non-json-strings.json", List.of(0, 3, 7)),
        Arguments.of("19-pages-json-non-objects.json", List.of(0, 7, 8)),
        Arguments.of("24-lite-version-with-msg.json", range(5)),
        Arguments.of("25-flagship-new-schema.json", range(3)));
  }

  private static List<Integer> range(int n) {
    return IntStream.range(0, n).boxed().toList();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("naturalFixtures")
  void naturalFixtureKeepsTheSurvivingPagesInOrder(String fixture, List<Integer> survivors) {
    WebSearchResult result = searchFixture(fixture);
    List<JsonNode> raw = rawPages(fixture);
    assertThat(result.sources()).hasSize(survivors.size());
    for (int i = 0; i < survivors.size(); i++) {
      JsonNode page = raw.get(survivors.get(i));
      WebSearchSource source = result.sources().get(i);
      String date = page.path("date").asString("");
      assertAll(
          () -> assertThat(source.url()).isEqualTo(page.path("url").asString().trim()),
          () -> assertThat(source.title()).isEqualTo(Jsoup.parse(page.path("title").asString()).text()),
          () -> assertThat(source.snippet()).isEqualTo(Jsoup.parse(page.path("passage").asString()).text()),
          () -> {
            if (date.matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}")) {
              assertThat(source.publishedAt()).isEqualTo(date.replace(' ', 'T') + "+08:00");
            }
          });
    }
    assertThat(result.provider()).isNull();
    assertThat(result.content()).isNull();
    assertThat(result.truncated()).isFalse();
    assertThat(result.dropped()).as("dropped").isEqualTo(raw.size() - survivors.size());
  }

  @Test
  void normalChineseAnswerCarriesOffsetDates() {
    WebSearchSource first = searchFixture("01-normal-zh-10.json").sources().get(0);
    assertThat(first.publishedAt()).isEqualTo("2025-06-09T10:42:17+08:00");
    assertThat(first.url()).isEqualTo("https://www.news.cn/auto/20250609/4f2a7c1d9e8b4a5c.html");
  }

  @Test
  void premiumAnswerUsesPassageNotContent() {
    WebSearchResult result = searchFixture("03-premium-cnt50.json");
    List<JsonNode> raw = rawPages("03-premium-cnt50.json");
    assertThat(result.sources()).hasSize(50);
    assertThat(result.sources().get(0).snippet())
        .isEqualTo(raw.get(0).path("passage").asString())
        .isNotEqualTo(raw.get(0).path("content").asString());
  }

  @Test
  void verticalOnlyAnswerTakesDisplayFieldsAndFallsBack() {
    List<WebSearchSource> sources = searchFixture("06-vr-only-mode1.json").sources();
    List<JsonNode> raw = rawPages("06-vr-only-mode1.json");
    assertThat(sources).extracting(WebSearchSource::url)
        .containsExactly(
            "https://www.weather.com.cn/weather/101280601.shtml",
            "https://weather.sz.gov.cn/qixiangfuwu/yujingfuwu/tufashijianyujing/index.html",
            "https://www.nmdis.org.cn/hytd/szcx/");
    assertAll(
        () -> assertThat(sources.get(0).title()).isEqualTo("深圳天气预报_深圳未来7天天气"),
        () -> assertThat(sources.get(0).snippet()).isEqualTo(raw.get(0).path("content").asString()),
        () -> assertThat(sources.get(0).publishedAt()).isEqualTo("2025-05-08T07:30:00+08:00"),
        () -> assertThat(sources.get(1).publishedAt()).isEqualTo("2025-05-08T16:05:00+08:00"),
        () -> assertThat(sources.get(2).title()).isEqualTo("深圳蛇口潮汐表"),
        () -> assertThat(sources.get(2).snippet())
            .isEqualTo(raw.get(4).path("display").path("content").asString()),
        () -> assertThat(sources.get(2).publishedAt()).isEqualTo("2025-05-08T06:00:00+08:00"));
  }

  @Test
  void mixedAnswerPrefersDisplayForCardsAndPassageForNaturalPages() {
    List<WebSearchSource> sources = searchFixture("07-mixed-mode2.json").sources();
    List<JsonNode> raw = rawPages("07-mixed-mode2.json");
    assertThat(sources).hasSize(10);
    assertAll(
        () -> assertThat(sources.get(0).url()).isEqualTo("https://quote.eastmoney.com/hk/00700.html"),
        () -> assertThat(sources.get(0).title()).isEqualTo("腾讯控股(00700.HK) 行情"),
        () -> assertThat(sources.get(0).snippet()).isEqualTo(raw.get(0).path("content").asString()),
        () -> assertThat(sources.get(0).publishedAt()).isEqualTo("2025-05-08T16:10:03+08:00"),
        () -> assertThat(sources.get(1).url()).isEqualTo("https://www.boc.cn/sourcedb/whpj/"),
        () -> assertThat(sources.get(1).snippet()).isEqualTo(raw.get(1).path("content").asString()));
    for (int i = 2; i < 10; i++) {
      JsonNode page = raw.get(i);
      WebSearchSource source = sources.get(i);
      assertThat(source.url()).isEqualTo(page.path("url").asString().trim());
      assertThat(source.snippet()).isEqualTo(Jsoup.parse(page.path("passage").asString()).text());
      assertThat(source.snippet()).doesNotContain("<p>");
    }
  }

  @Test
  void everySupportedDateFormatIsNormalised() {
    List<WebSearchSource> sources = searchFixture("08-date-formats.json").sources();
    assertThat(sources).extracting(WebSearchSource::publishedAt)
        .containsExactly(
            "2025-04-23T09:30:00+08:00",
            "2025-04-23T09:30:00+08:00",
            "2025-04-23T09:30:00+08:00",
            "2025-04-23T01:30:00Z",
            "2025-04-23T09:30:00+08:00",
            "2025-04-23T00:00:00+08:00",
            "2025-04-23T00:00:00+08:00",
            "2025-04-23T09:30:00+08:00",
            "2025-04-23T00:00:00+08:00",
            "2025-04-23T09:30:00.123+08:00");
  }

  @Test
  void garbageDatesAreOmittedAndTheSourcesKept() {
    List<WebSearchSource> sources = searchFixture("09-date-garbage.json").sources();
    assertThat(sources).hasSize(13);
    for (int i = 0; i < 10; i++) {
      assertThat(sources.get(i).publishedAt()).as("date of %d", i).isNull();
    }
    assertThat(sources.get(10).publishedAt()).isEqualTo("2025-05-08T08:30:00+08:00");
    assertThat(sources.get(11).publishedAt()).isEqualTo("2025-05-08T00:00:00+08:00");
    assertThat(sources.get(12).publishedAt()).isEqualTo("1970-01-01T08:00:00+08:00");
  }

  @Test
  void unicodeSurvivesAndZeroWidthSpaceGoes() {
    List<WebSearchSource> sources = searchFixture("10-unicode-emoji.json").sources();
    assertAll(
        () -> assertThat(sources.get(0).title()).isEqualTo("🐼 成都大熊猫繁育研究基地门票预约指南 🎫"),
        () -> assertThat(sources.get(0).snippet()).endsWith("17:00｡"),
        () -> assertThat(sources.get(1).title()).contains("𠮷𠮷"),
        () -> assertThat(sources.get(2).snippet()).contains("Café naïve résumé").contains("é"),
        () -> assertThat(sources.get(3).title()).isEqualTo("预约攻略\u200d（含零宽字符）"),
        () -> assertThat(sources.get(3).snippet())
            .isEqualTo("入园前请确认预约成功短信\u2028（此处有U+2028行分隔符） 并保持手机电量充足。"),
        () -> assertThat(sources.get(4).snippet()).contains("👨\u200d👩\u200d👧").contains("🇨🇳"));
  }

  @Test
  void entitiesAreDecodedOnceAndTagsStripped() {
    List<WebSearchSource> sources = searchFixture("11-html-entities.json").sources();
    assertAll(
        () -> assertThat(sources.get(0).title()).isEqualTo("研发费用加计扣除比例提高至100% & 政策问答"),
        () -> assertThat(sources.get(1).title()).isEqualTo("\"R&D\"费用怎么算？一文读懂加计扣除"),
        () -> assertThat(sources.get(2).title()).isEqualTo("研发费用加计扣除 常见误区"),
        () -> assertThat(sources.get(2).snippet())
            .isEqualTo("误区一：所有研发支出均可加计扣除。 实际上，委托境外研发费用等有单独规定。"),
        () -> assertThat(sources.get(3).title()).isEqualTo("It's time to file: R&D super deduction — FAQ"),
        () -> assertThat(sources.get(3).snippet()).contains("<or>"),
        () -> assertThat(sources.get(4).title()).isEqualTo("中小企业研发费用加计扣除指引"),
        () -> assertThat(sources.get(5).title()).contains("&amp;"));
  }

  /** Terminal control sequences from the endpoint never reach a title or snippet. */
  @Test
  void terminalControlSequencesAreRemovedFromTitlesAndSnippets() {
    String page =
        "{\"url\":\"https://a.example/\",\"title\":\"\\u001bcReset \\u001b[2Jclear\","
            + "\"passage\":\"<em>\\u001bP1;2|q\\u001b\\\\DCS</em> and \\u009b31mCSI\\u0007\"}";
    String body =
        "{\"Response\":{\"Pages\":[\""
            + page.replace("\\", "\\\\").replace("\"", "\\\"")
            + "\"]}}";
    server.answer(StubReply.json(body));
    WebSearchSource source = TestSupport.search(provider, "q").sources().get(0);
    assertThat(source.title()).isEqualTo("cReset [2Jclear");
    assertThat(source.snippet()).isEqualTo("P1;2|q\\DCS and 31mCSI");
    for (String text : List.of(source.title(), source.snippet())) {
      assertThat(text.chars()).noneMatch(c -> c < 0x20 || (c >= 0x7F && c <= 0x9F));
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("emptyFixtures")
  void emptyAnswerSucceedsWithNoSources(String fixture) {
    assertThat(searchFixture(fixture).sources()).isEmpty();
  }

  static Stream<String> emptyFixtures() {
    return Stream.of("21-empty-pages.json", "22-pages-null.json", "23-pages-absent.json");
  }

  static Stream<Arguments> errorFixtures() {
    Map<String, Integer> statuses =
        Map.of(
            "12-error-auth-unauthorized.json", 401,
            "13-error-invalid-parameter-cnt.json", 400,
            "14-error-rate-limit.json", 429,
            "15-error-resource-unavailable.json", 403,
            "16-error-resource-not-found.json", 403,
            "17-error-with-pages.json", 400);
    return statuses.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .flatMap(e -> Stream.of(Arguments.of(e.getKey(), 200), Arguments.of(e.getKey(), e.getValue())));
  }

  @ParameterizedTest(name = "{0} with HTTP {1}")
  @MethodSource("errorFixtures")
  void errorEnvelopeFailsWithItsMessageAndCodeWhateverTheStatus(String fixture, int status) {
    serve(fixture, status);
    JsonNode error = mapper.readTree(TestSupport.fixture(fixture)).path("Response").path("Error");
    WebError failure =
        TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertAll(
        () -> assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR),
        () -> assertThat(failure.getMessage()).isEqualTo(error.path("Message").asString()),
        () -> assertThat(failure.providerCode()).contains(error.path("Code").asString()),
        () -> assertThat(server.searches()).hasSize(1));
  }

  @Test
  void bodyWithoutResponseWrapperIsInvalid() {
    serve("20-missing-response-wrapper.json", 200);
    WebError failure =
        TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(failure.getMessage()).isEqualTo("Yuanbao returned an invalid response body");
  }

  @Test
  void bodyWithByteOrderMarkReadsAsWithout() {
    byte[] body = TestSupport.fixture("01-normal-zh-10.json");
    byte[] withBom = new byte[body.length + 3];
    withBom[0] = (byte) 0xEF;
    withBom[1] = (byte) 0xBB;
    withBom[2] = (byte) 0xBF;
    System.arraycopy(body, 0, withBom, 3, body.length);
    server.answer(StubReply.json(withBom));
    assertThat(TestSupport.search(provider, "q").sources()).hasSize(10);
  }

  @Test
  void nonSuccessStatusWithoutEnvelopeFailsWithTheStatusWhateverTheBody() {
    server.answer(StubReply.status(502, TestSupport.fixture("01-normal-zh-10.json")));
    WebError failure =
        TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(failure.getMessage()).isEqualTo("Yuanbao search request failed: HTTP 502");
    server.answer(StubReply.status(500, "<html>oops</html>".getBytes(StandardCharsets.UTF_8)));
    assertThat(TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never())).getMessage())
        .isEqualTo("Yuanbao search request failed: HTTP 500");
  }

  @Test
  void envelopeWithoutMessageNamesItsCode() {
    server.answer(StubReply.json("{\"Response\":{\"Error\":{\"Code\":\"InternalError\"}}}"));
    WebError failure =
        TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertThat(failure.getMessage()).isEqualTo("Yuanbao search failed: InternalError");
    assertThat(failure.providerCode()).contains("InternalError");
  }

  @Test
  void bodyOverEightMebibytesFails() {
    byte[] body = new byte[8 * 1024 * 1024 + 1];
    java.util.Arrays.fill(body, (byte) ' ');
    server.answer(StubReply.json(body));
    WebError failure =
        TestSupport.failure(provider.search(WebSearchRequest.of("q"), AbortSignal.never()));
    assertThat(failure.code()).isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
    assertThat(failure.getMessage()).isEqualTo("Yuanbao search request failed: response body over 8 MiB");
  }
}
