package dev.dsh.yuanbao;

import dev.dsh.api.web.WebSearchResult;
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

  private final AnswerReader reader = new AnswerReader();
  private final JsonMapper mapper = JsonMapper.builder().build();
  private byte[] body;

  /** {@code bench}: the committed body (markup and entities); {@code plain}: {@link SearchProBody#plainLong()}. */
  @Param({"bench", "plain"})
  public String kind;

  @Setup
  public void setUp() {
    body =
        kind.equals("plain")
            ? SearchProBody.plainLong()
            : SearchProBody.read(System.getProperty("dsh.bench.body", "src/bench/searchpro-50.json"));
    int mapped = decodeAndMap().sources().size();
    int tree = jacksonTree().size();
    if (mapped != SearchProBody.PAGES || tree != SearchProBody.PAGES) {
      throw new IllegalStateException("expected 50 pages each, got " + mapped + " and " + tree);
    }
  }

  @Benchmark
  public WebSearchResult decodeAndMap() {
    return reader.read(new Failures(), 200, body);
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
