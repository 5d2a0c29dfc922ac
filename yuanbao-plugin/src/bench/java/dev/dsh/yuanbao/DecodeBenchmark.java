package dev.dsh.yuanbao;

import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.ObjectReadContext;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * (b) Decoding and mapping one 50-page SearchPro body (the bench body, and a second one of long
 * plain passages), without network, beside a plain Jackson-tree
 * decode that only extracts the four fields a source has (url, title, passage, date) — no HTML
 * cleanup, no date parsing, no url check. Run with {@code -prof gc} for bytes per body.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(3)
public class DecodeBenchmark {

  /** One page's four fields, as the tree decode extracts them. */
  public record Fields(String url, String title, String passage, String date) {}

  private final JsonMapper mapper = JsonMapper.builder().build();
  /** A key of the length and alphabet SearchPro keys have (letters, digits), in no page. */
  private static final String KEY = "sk-Zq7Wm2Kx9Rb4Tn6Yv8Hc3Jd5Lf1Gp0Qs4Ua7E";

  private final Failures masking = new Failures();
  private byte[] body;
  private List<Fields> fields;
  private List<WebSearchSource> mapped;

  /** {@code bench}: the committed body (markup and entities); {@code plain}: {@link SearchProBody#plainLong()}. */
  @Param({"bench", "plain"})
  public String kind;

  @Setup
  public void setUp() {
    body =
        kind.equals("plain")
            ? SearchProBody.plainLong()
            : SearchProBody.read(System.getProperty("dsh.bench.body", "src/bench/searchpro-50.json"));
    mapped = decodeAndMap().sources();
    masking.knowKey(KEY);
    fields = jacksonTree();
    if (maskSources() != SearchProBody.PAGES) {
      throw new IllegalStateException("the bench key must be in no page");
    }
    if (mapped.size() != SearchProBody.PAGES || fields.size() != SearchProBody.PAGES
        || !streamedFields().equals(fields)) {
      throw new IllegalStateException("expected the same 50 pages from each decode");
    }
  }

  @Benchmark
  public WebSearchResult decodeAndMap() {
    return AnswerReader.read(new Failures(), 200, null, body);
  }

  /**
   * What masking the key costs a search: the 50 mapped sources (url, title, snippet) through
   * {@link Failures#scrub(WebSearchSource)} with a 40-character key of letters and digits that none
   * holds, the usual case (every letter anchor is searched for in both cases). {@link
   * #decodeAndMap} has no key, so it masks nothing.
   */
  @Benchmark
  public int maskSources() {
    int n = 0;
    for (WebSearchSource source : mapped) {
      n += masking.scrub(source) == source ? 1 : 0;
    }
    return n;
  }

  /**
   * The part both decodes share: one streaming pass over the envelope with each page string
   * unescaped into the parser's buffer, and nothing parsed or mapped from it. What a decode+map
   * may spend beyond this is its budget for the 50 pages.
   */
  @Benchmark
  public long envelopeOnly() {
    long chars = 0;
    try (JsonParser p = AnswerReader.JSON.createParser(ObjectReadContext.empty(), body)) {
      for (JsonToken t; (t = p.nextToken()) != null; ) {
        if (t == JsonToken.VALUE_STRING) {
          p.getStringCharacters(); // unescaped, as AnswerReader has it before reading a page
          chars += p.getStringLength();
        }
      }
    }
    return chars;
  }

  /**
   * The floor of a streaming decode, in four parts that {@link #decodeAndMap} cannot do without:
   * this one reads the pages as it does (the envelope in one pass, each page string re-parsed from
   * the parser's buffer, the four fields as strings, the rest skipped) and maps nothing; {@link
   * #urlChecks}, {@link #textCleaning} and {@link #dateParsing} are the steps the mapping adds.
   */
  @Benchmark
  public List<Fields> streamedFields() {
    List<Fields> out = new ArrayList<>(SearchProBody.PAGES);
    try (JsonParser p = AnswerReader.JSON.createParser(ObjectReadContext.empty(), body)) {
      for (JsonToken t; (t = p.nextToken()) != null; ) {
        if (t == JsonToken.VALUE_STRING && p.streamReadContext().inArray()) {
          out.add(page(p.getStringCharacters(), p.getStringOffset(), p.getStringLength()));
        }
      }
    }
    return out;
  }

  private static Fields page(char[] text, int offset, int length) {
    String url = null;
    String title = null;
    String passage = null;
    String date = null;
    try (JsonParser p =
        AnswerReader.JSON.createParser(ObjectReadContext.empty(), text, offset, length)) {
      p.nextToken();
      while (p.nextToken() == JsonToken.PROPERTY_NAME) {
        String name = p.currentName();
        boolean string = p.nextToken() == JsonToken.VALUE_STRING;
        switch (name) {
          case "url" -> url = string ? p.getString() : null;
          case "title" -> title = string ? p.getString() : null;
          case "passage" -> passage = string ? p.getString() : null;
          case "date" -> date = string ? p.getString() : null;
          default -> p.skipChildren();
        }
      }
    }
    return new Fields(url, title, passage, date);
  }

  /** The 50 urls through {@code java.net.URI} and the http(s) check, as the mapping has them. */
  @Benchmark
  public int urlChecks() {
    int n = 0;
    for (Fields f : fields) {
      n += Settings.isHttpUrl(java.net.URI.create(f.url().trim())) ? 1 : 0;
    }
    return n;
  }

  /** The 50 titles and passages through {@code PageReader.clean}. */
  @Benchmark
  public int textCleaning() {
    int n = 0;
    for (Fields f : fields) {
      n += PageReader.clean(f.title()).length() + PageReader.clean(f.passage()).length();
    }
    return n;
  }

  /** The 50 dates through {@link Dates}. */
  @Benchmark
  public int dateParsing() {
    int n = 0;
    for (Fields f : fields) {
      n += Dates.normalize(f.date()).length();
    }
    return n;
  }

  @Benchmark
  public List<Fields> jacksonTree() {
    JsonNode pages = mapper.readTree(body).path("Response").path("Pages");
    List<Fields> out = new ArrayList<>(pages.size());
    for (JsonNode entry : pages) {
      JsonNode page = mapper.readTree(entry.asString());
      out.add(
          new Fields(
              page.path("url").asString(),
              page.path("title").asString(),
              page.path("passage").asString(),
              page.path("date").asString()));
    }
    return out;
  }
}
