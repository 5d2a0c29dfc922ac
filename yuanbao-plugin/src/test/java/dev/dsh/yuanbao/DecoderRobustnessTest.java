package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.fail;

import dev.dsh.api.web.WebError;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** On any input, decoding and mapping end in a result or a WebError, nothing else. */
class DecoderRobustnessTest {

  private static final String[] TOKENS = {
    "{", "}", "[", "]", ",", ":", "\"Response\"", "\"Pages\"", "\"Error\"", "\"Code\"", "\"Message\"",
    "\"url\"", "\"passage\"", "\"display\"", "\"vr\"", "true", "null", "1e999", "-0", "\"\\u0000\"",
    "\"{\\\"url\\\":\\\"https://a.b/\\\",\\\"passage\\\":\\\"<p>x&amp;\\\"}\"", "\"http://x/\"", "\"\\ud800\""
  };

  private static void interpretAnything(byte[] body, int status, long seed) {
    try {
      AnswerReader.read(new Failures(), status, null, body);
    } catch (WebError expected) {
      // a documented failure
    } catch (RuntimeException | StackOverflowError e) {
      fail("seed " + seed + ": decoder threw " + e + " for " + new String(body, StandardCharsets.UTF_8), e);
    }
  }

  @Test
  void mutatedFixturesNeverThrowAnythingButWebError() throws IOException {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    List<byte[]> fixtures;
    try (Stream<Path> files = Files.list(TestSupport.fixtures())) {
      fixtures =
          files
              .map(p -> p.getFileName().toString())
              .filter(name -> name.endsWith(".json"))
              .sorted()
              .map(TestSupport::fixture)
              .toList();
    }
    for (int n = 0; n < 3_000; n++) {
      byte[] body = fixtures.get(random.nextInt(fixtures.size())).clone();
      int edits = 1 + random.nextInt(4);
      for (int e = 0; e < edits && body.length > 0; e++) {
        switch (random.nextInt(3)) {
          case 0 -> body[random.nextInt(body.length)] = (byte) random.nextInt(256);
          case 1 -> body = java.util.Arrays.copyOf(body, random.nextInt(body.length));
          default -> {
            int at = random.nextInt(body.length);
            String structural = "{}[]\",:\\<&";
            body[at] = (byte) structural.charAt(random.nextInt(structural.length()));
          }
        }
      }
      final byte[] input = body;
      interpretAnything(input, random.nextBoolean() ? 200 : 400, seed);
    }
  }

  @Test
  void randomTokenSoupNeverThrowsAnythingButWebError() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    for (int n = 0; n < 5_000; n++) {
      StringBuilder s = new StringBuilder();
      int length = random.nextInt(40);
      for (int i = 0; i < length; i++) {
        s.append(TOKENS[random.nextInt(TOKENS.length)]);
      }
      interpretAnything(s.toString().getBytes(StandardCharsets.UTF_8), 200, seed);
    }
    StringBuilder deep = new StringBuilder("{\"Response\":{\"Pages\":[");
    deep.append("[".repeat(100_000));
    interpretAnything(deep.toString().getBytes(StandardCharsets.UTF_8), 200, seed);
    interpretAnything(new byte[0], 200, seed);
    interpretAnything(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, 200, seed);
  }

  @Test
  void wrongShapesAreInvalidBodies() {
    for (String body :
        List.of("[]", "\"x\"", "{\"Response\":[]}", "{\"Response\":{\"Pages\":{}}}", "{\"Response\":{\"Pages\":\"[]\"}}",
            "{\"Response\":{}} trailing", "{\"Response\":{}}{}", "{\"Response\":{\"Error\":\"x\"}}")) {
      assertThat(catchThrowable(() -> AnswerReader.read(new Failures(), 200, null, body.getBytes(StandardCharsets.UTF_8))))
          .as(body)
          .hasMessage(Failures.INVALID_BODY);
    }
    assertThat(AnswerReader.read(new Failures(), 200, null, "{\"Response\":{\"Error\":null,\"Pages\":null}}".getBytes(StandardCharsets.UTF_8)).sources())
        .isEmpty();
  }
}
