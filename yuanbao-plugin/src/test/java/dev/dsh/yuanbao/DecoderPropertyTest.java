package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.api.web.WebSearchSource;
import dev.dsh.yuanbao.ReferenceReader.Failure;
import dev.dsh.yuanbao.ReferenceReader.Outcome;
import dev.dsh.yuanbao.ReferenceReader.Sources;
import dev.dsh.yuanbao.Seeded.Seed;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Property tests of the answer decoder and mapper over 3,458 generated bodies per run: every body
 * ends in sources or a {@code WEB_PROVIDER_ERROR}, never another exception, each within a second;
 * the outcome equals {@link ReferenceReader}'s reading of docs/yuanbao.md whenever the design
 * prescribes one; and every source keeps the invariants of the seam.
 *
 * <p>The seed is printed on failure; {@code -Ddecoder.seed=N} replays a run.
 */
@ExtendWith(Seeded.class)
@Timeout(value = 50, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class DecoderPropertyTest {

  /**
   * Per body. A body over it is timed twice more, so one GC pause on a busy host cannot fail it.
   */
  private static final long BODY_BOUND_NANOS = TimeUnit.SECONDS.toNanos(10);

  private static final int[] STATUSES = {
    200, 200, 200, 200, 200, 200, 200, 201, 204, 299, 199, 400, 401, 500, 302, 304
  };

  private final ReferenceReader reference = new ReferenceReader();

  private record Case(int status, byte[] body) {}

  /**
   * What a category came to: how many bodies, how many checked against the reference, how they
   * ended.
   */
  private record Tally(int bodies, int compared, int withSources, int failed) {}

  @Test
  void randomAnswersEndAsTheDesignSays(Seed seed) {
    Tally tally =
        check(seed, "random-answers", 800, b -> new Case(status(b), b.bytes(b.answer())));
    assertThat(tally.compared()).as("bodies with a prescribed outcome").isGreaterThan(780);
    assertThat(tally.withSources()).as("bodies that map to sources").isGreaterThan(80);
    assertThat(tally.failed()).as("bodies that fail").isGreaterThan(80);
  }

  @Test
  void mutatedFixturesEndAsTheDesignSays(Seed seed) {
    List<byte[]> fixtures = fixtures();
    Tally tally =
        check(
            seed,
            "mutated-fixtures",
            800,
            b ->
                new Case(
                    status(b), b.mutate(fixtures.get(b.pick(indexes(fixtures.size()))), fixtures)));
    assertThat(tally.compared()).as("bodies with a prescribed outcome").isGreaterThan(720);
    assertThat(tally.withSources()).isGreaterThan(25);
    assertThat(tally.failed()).isGreaterThan(25);
  }

  @Test
  void truncatedAndRandomBytesEndAsTheDesignSays(Seed seed) {
    List<byte[]> fixtures = fixtures();
    Tally tally =
        check(
            seed,
            "broken-bytes",
            400,
            b -> new Case(200, b.brokenBytes(fixtures.get(b.pick(indexes(fixtures.size()))))));
    assertThat(tally.failed()).isGreaterThan(260);
  }

  @Test
  void deeplyNestedValuesEndAsTheDesignSays(Seed seed) {
    Tally tally = check(seed, "deeply-nested", 50, b -> new Case(200, b.deeplyNested()));
    assertThat(tally.compared()).isEqualTo(tally.bodies());
  }

  @Test
  void hugeStringsEndAsTheDesignSaysWithinASecond(Seed seed) {
    Tally tally = check(seed, "huge-strings", 8, b -> new Case(200, b.hugeString()));
    assertThat(tally.compared()).isEqualTo(tally.bodies());
  }

  @Test
  void oddUnicodeEndsAsTheDesignSays(Seed seed) {
    Tally tally = check(seed, "odd-unicode", 1_000, b -> new Case(200, b.oddUnicode()));
    assertThat(tally.compared()).isEqualTo(tally.bodies());
    // Enough reach the mapping; a body with a raw byte that is not UTF-8 is invalid as a whole.
    assertThat(tally.withSources()).isGreaterThan(50);
  }

  @Test
  void pageStringsHoldingAnythingEndAsTheDesignSays(Seed seed) {
    Tally tally =
        check(
            seed,
            "page-strings",
            400,
            b -> {
              List<Object> pages = new ArrayList<>();
              int n = 1 + b.pick(indexes(8));
              for (int i = 0; i < n; i++) {
                pages.add(
                    b.pick(indexes(3)) == 0 ? b.json(b.page()) : b.pageStringHoldingAnything());
              }
              return new Case(200, b.bytes(Map.of("Response", Map.of("Pages", pages))));
            });
    assertThat(tally.compared()).isEqualTo(tally.bodies());
    assertThat(tally.withSources()).isGreaterThan(25);
  }

  // ------------------------------------------------------------------------------------------

  private Tally check(Seed seed, String category, int count, Function<Bodies, Case> generator) {
    long start = System.nanoTime();
    Bodies bodies = new Bodies(seed.random(category));
    int compared = 0;
    int withSources = 0;
    int failed = 0;
    for (int i = 0; i < count; i++) {
      Case c = generator.apply(bodies);
      int index = i;
      Supplier<String> where =
          () -> seed.replay() + ", " + category + " #" + index + ", " + describe(c);
      Outcome actual = timedOutcome(c, where);
      if (actual instanceof Sources sources) {
        withSources += sources.sources().isEmpty() ? 0 : 1;
        sources.sources().forEach(source -> assertKeepsTheSeamInvariants(source, where));
      } else {
        failed++;
      }
      Optional<Outcome> expected = reference.read(c.status(), c.body());
      if (expected.isPresent()) {
        compared++;
        assertThat(actual)
            .as(() -> where.get() + ": the outcome the architecture prescribes")
            .isEqualTo(expected.get());
      }
    }
    Tally tally = new Tally(count, compared, withSources, failed);
    System.out.printf(
        "decoder property %s: %s in %d ms with %s%n",
        category, tally, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), seed.replay());
    return tally;
  }

  /** The answer's outcome; fails on any other exception and on a body that takes over a second. */
  private Outcome timedOutcome(Case c, Supplier<String> where) {
    Outcome outcome = null;
    long fastest = Long.MAX_VALUE;
    for (int run = 0; run < 3 && fastest > BODY_BOUND_NANOS; run++) {
      long start = System.nanoTime();
      outcome = outcome(c, where);
      fastest = Math.min(fastest, System.nanoTime() - start);
    }
    assertThat(fastest)
        .as(() -> where.get() + ": nanoseconds to decode and map (fastest of 3)")
        .isLessThanOrEqualTo(BODY_BOUND_NANOS);
    return outcome;
  }

  private Outcome outcome(Case c, Supplier<String> where) {
    try {
      WebSearchResult result = AnswerReader.read(new Failures(), c.status(), null, c.body());
      assertThat(result.provider()).as(where).isNull();
      assertThat(result.content()).as(where).isNull();
      assertThat(result.truncated()).as(where).isFalse();
      return new Sources(result.sources());
    } catch (WebError e) {
      assertThat(e.code())
          .as(() -> where.get() + ": error code")
          .isEqualTo(WebErrorCodes.WEB_PROVIDER_ERROR);
      assertThat(e.getMessage()).as(() -> where.get() + ": error message").isNotBlank();
      return new Failure(e.getMessage(), e.providerCode().orElse(null));
    } catch (AssertionError e) {
      throw e;
    } catch (Throwable t) {
      throw new AssertionError(where.get() + ": threw " + t, t);
    }
  }

  /** Absolute http(s) url, a snippet, nothing blank or untrimmed, ISO offset dates. */
  private static void assertKeepsTheSeamInvariants(WebSearchSource source, Supplier<String> where) {
    String url = source.url();
    assertThat(url).as(() -> where.get() + ": url").isNotBlank().isEqualTo(url.trim());
    assertThat(httpUrl(url))
        .as(() -> where.get() + ": url " + url + " is absolute http(s)")
        .isTrue();
    assertThat(source.snippet())
        .as(() -> where.get() + ": a kept source has a snippet")
        .isNotNull();
    for (String text :
        Stream.of(source.title(), source.snippet()).filter(t -> t != null).toList()) {
      // Not "free of U+200B and U+00AD": jsoup keeps them in a title element's text, and the
      // reference comparison holds the exact text anyway.
      assertThat(text)
          .as(() -> where.get() + ": title or snippet")
          .isNotBlank()
          .isEqualTo(text.trim());
    }
    String date = source.publishedAt();
    if (date != null) {
      try {
        OffsetDateTime parsed = OffsetDateTime.parse(date, DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        assertThat(parsed.format(DateTimeFormatter.ISO_OFFSET_DATE_TIME))
            .as(() -> where.get() + ": publishedAt")
            .isEqualTo(date);
      } catch (DateTimeParseException e) {
        throw new AssertionError(
            where.get() + ": publishedAt " + date + " is not ISO_OFFSET_DATE_TIME", e);
      }
    }
  }

  private static boolean httpUrl(String url) {
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      return uri.isAbsolute()
          && (scheme.equals("http") || scheme.equals("https"))
          && uri.getRawAuthority() != null;
    } catch (URISyntaxException e) {
      return false;
    }
  }

  private static int status(Bodies b) {
    return STATUSES[b.pick(indexes(STATUSES.length))];
  }

  private static Integer[] indexes(int n) {
    Integer[] out = new Integer[n];
    for (int i = 0; i < n; i++) {
      out[i] = i;
    }
    return out;
  }

  /** The fixtures of {@code wsa/} in the test resources, in name order. */
  private static List<byte[]> fixtures() {
    try (Stream<Path> files = Files.list(TestSupport.fixtures())) {
      List<byte[]> all =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".json"))
              .sorted()
              .map(TestSupport::fixture)
              .toList();
      assertThat(all).as("fixtures").hasSizeGreaterThan(20);
      return all;
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  private static String describe(Case c) {
    String text = new String(c.body(), 0, Math.min(c.body().length, 1_200), StandardCharsets.UTF_8);
    StringBuilder out =
        new StringBuilder("HTTP " + c.status() + ", " + c.body().length + " bytes: ");
    text.codePoints()
        .limit(300)
        .forEach(
            cp ->
                out.append(
                    cp < 0x20 || cp > 0x7E
                        ? String.format("\\u%04x", cp)
                        : Character.toString(cp)));
    return out.append(text.length() > 300 ? "…" : "").toString();
  }
}
