package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reading page strings from the raw bytes gives exactly what the Jackson path gives: on every
 * fixture, on the benchmark body, and on seeded random pages — well-formed, malformed, mutated,
 * with every kind of escape at both levels.
 */
class PageScannerTest {

  private final ResponseDecoder scanning = new ResponseDecoder(true);
  private final ResponseDecoder reference = new ResponseDecoder(false);

  @Test
  void everyFixtureDecodesAsTheJacksonPathDecodesIt() throws Exception {
    try (Stream<Path> files = Files.list(TestSupport.fixtures())) {
      for (Path file : files.filter(f -> f.toString().endsWith(".json")).sorted().toList()) {
        byte[] body = Files.readAllBytes(file);
        assertThat(comparable(scanning.decode(body)))
            .as(file.getFileName().toString())
            .isEqualTo(comparable(reference.decode(body)));
      }
    }
  }

  @Test
  void theUsualAnswerIsReadInOnePassWithTheJacksonPathsResult() {
    for (String name : List.of("01-normal-zh-10.json", "03-premium-cnt50.json", "11-html-entities.json")) {
      byte[] body = TestSupport.fixture(name);
      Decoded onePass = BodyScanner.scan(body, 0);
      assertThat(onePass).as(name).isNotNull();
      assertThat(comparable(onePass)).as(name).isEqualTo(comparable(reference.decode(body)));
    }
  }

  @Test
  void wellFormedPagesAreReadFromTheRawBytes() {
    String page =
        "{\"title\":\"<em>标题</em> \\\"q\\\" \\\\ \\/ \\u4e2d \\ud83d\\ude00\",\"date\":\"2025-01-02\","
            + "\"url\":\"https://a.example/x\",\"passage\":\"p\\n\\t\",\"score\":-0.5e3,"
            + "\"images\":[[],{},true,false,null,\"i\"],\"vr\":null,\"site\":\"\"}";
    byte[] body = outer(page, new Random(1), false);
    int quote = indexOf(body, (byte) '"', 0);
    Page fromBytes = new PageScanner(body).scan(quote + 1);

    assertThat(fromBytes).isNotNull();
    assertThat(fromBytes.title()).isEqualTo("<em>标题</em> \"q\" \\ / 中 😀");
    assertThat(fromBytes.passage()).isEqualTo("p\n\t");
    assertThat(fromBytes.url()).isEqualTo("https://a.example/x");
  }

  @Test
  void randomPagesDecodeAsTheJacksonPathDecodesThem() {
    long seed = new Random().nextLong();
    Random random = new Random(seed);
    int scanned = 0;
    int bodiesScanned = 0;
    for (int n = 0; n < 6_000; n++) {
      int count = 1 + random.nextInt(4);
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      if (random.nextInt(10) == 0) {
        body.writeBytes(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
      }
      body.writeBytes(("{" + envelope(random) + "\"Response\":{" + envelope(random) + "\"Pages\":[")
          .getBytes(StandardCharsets.UTF_8));
      for (int i = 0; i < count; i++) {
        if (i > 0) {
          body.write(',');
        }
        String page = page(random);
        byte[] encoded = outer(page, random, random.nextInt(8) == 0);
        body.writeBytes(encoded);
        if (new PageScanner(encoded).scan(1) != null) {
          scanned++;
        }
      }
      body.writeBytes(("]" + (random.nextBoolean() ? "" : "," + envelope(random) + "\"x\":1") + "}"
          + (random.nextInt(10) == 0 ? ",\"Response\":{\"Pages\":null}" : "") + "}"
          + (random.nextInt(20) == 0 ? " x" : random.nextBoolean() ? "\n" : ""))
          .getBytes(StandardCharsets.UTF_8));
      byte[] bytes = body.toByteArray();
      if (random.nextInt(12) == 0) {
        mutateBytes(bytes, random);
      }
      boolean bom = bytes.length >= 3 && bytes[0] == (byte) 0xEF;
      if (BodyScanner.scan(bytes, bom ? 3 : 0) != null) {
        bodiesScanned++;
      }
      assertThat(comparable(scanning.decode(bytes)))
          .as("seed %d, body %s", seed, new String(bytes, StandardCharsets.UTF_8))
          .isEqualTo(comparable(reference.decode(bytes)));
    }
    assertThat(scanned).as("pages read from the raw bytes").isGreaterThan(3_000);
    assertThat(bodiesScanned).as("bodies read in one pass").isGreaterThan(300);
  }

  private static final String[] MEMBERS = {
    "\"Query\":\"生成式 \\\"AI\\\" \\u4e2d\\n\",", "\"RequestId\":\"6c0e-1\",", "\"Version\":\"premium\",",
    "\"Score\":-1.5e3,", "\"Meta\":{\"a\":[1,true,null,{\"b\":\"\\/\"}]},", "\"Msg\":\"\",", "\"Error\":null,",
    "\"Error\":{\"Code\":\"InternalError\",\"Message\":\"m\"},", "\"Respons\\u0065\":{\"Pages\":[]},",
    "\"Pages\":null,", "\"Pages\":7,", "\"N\":01,", "\"S\":\"\u0001\",", "\"T\":tru,"
  };

  /** Other members of the root or of Response: mostly the usual ones, sometimes odd ones. */
  private static String envelope(Random random) {
    StringBuilder s = new StringBuilder();
    int n = random.nextInt(3);
    for (int i = 0; i < n; i++) {
      s.append(MEMBERS[random.nextInt(random.nextInt(4) == 0 ? MEMBERS.length : 6)]);
    }
    return s.toString();
  }

  /** Content only counts on vertical pages: the scanner leaves it out of natural ones. */
  private static Object comparable(Decoded decoded) {
    List<Page> pages =
        decoded.pages().stream()
            .map(
                p ->
                    p.vertical()
                        ? p
                        : new Page(p.vr(), p.url(), p.title(), p.date(), p.passage(), null, p.display()))
            .toList();
    return List.of(decoded.valid(), decoded.error(), String.valueOf(decoded.errorCode()), pages);
  }

  private static final String[] KEYS = {
    "vr", "url", "title", "date", "passage", "content", "display", "site", "score", "images", "u\\u0072l",
    "tit\\\"le", "中", "", "\\ude8c\\u0016", "\\ud83d\\ude00"
  };
  private static final String[] TEXT = {
    "a", "中文", "😀", " ", "<em>", "&amp;", "\\\"", "\\\\", "\\/", "\\n", "\\t", "\\b", "\\f", "\\u4e2d",
    "\\ud83d\\ude00", "\\ud83d", "\\ude00x", "\\uZZZZ", "\\x", "/", "'", "\u0001", "\n", "\t", "\u00e9",
    "https://a.example/p?q=1", "2025-05-08 10:00:00", "\\u0000", "\uFEFF"
  };
  private static final String[] SCALARS = {
    "1", "-0", "0.5", "-12.5e+3", "1E9", "01", "1.", ".5", "-", "+1", "1e", "tru", "true", "false", "null",
    "nul", "NaN", "1x", "truex"
  };

  private static String page(Random random) {
    return switch (random.nextInt(20)) {
      case 0 -> "[]";
      case 1 -> "42";
      case 2 -> "\"s\"";
      case 3 -> "";
      case 4 -> object(random, 0) + " " + object(random, 0);
      case 5 -> mutate(object(random, 0), random);
      case 6 -> deep(random);
      default -> object(random, 0);
    };
  }

  private static String object(Random random, int depth) {
    StringBuilder s = new StringBuilder("{");
    int members = random.nextInt(depth == 0 ? 9 : 4);
    for (int i = 0; i < members; i++) {
      if (i > 0) {
        s.append(random.nextInt(40) == 0 ? " " : ",");
      }
      s.append(ws(random)).append('"').append(pick(random, KEYS, 10)).append('"');
      s.append(ws(random)).append(':').append(ws(random)).append(value(random, depth + 1));
      s.append(ws(random));
    }
    if (random.nextInt(60) == 0) {
      s.append(',');
    }
    return s.append('}').toString();
  }

  private static String value(Random random, int depth) {
    int kind = random.nextInt(depth > 3 ? 3 : 6);
    return switch (kind) {
      case 0, 1 -> string(random);
      case 2 -> pick(random, SCALARS, 5);
      case 3 -> object(random, depth);
      case 4 -> {
        StringBuilder a = new StringBuilder("[");
        int n = random.nextInt(4);
        for (int i = 0; i < n; i++) {
          a.append(i > 0 ? "," : "").append(ws(random)).append(value(random, depth + 1));
        }
        yield a.append(']').toString();
      }
      default -> string(random);
    };
  }

  private static String string(Random random) {
    StringBuilder s = new StringBuilder("\"");
    int n = random.nextInt(6);
    for (int i = 0; i < n; i++) {
      // Mostly well-formed text, so most pages stay readable.
      s.append(pick(random, TEXT, 6));
    }
    return s.append('"').toString();
  }

  /** Mostly one of the first {@code valid} entries (well-formed), sometimes any. */
  private static String pick(Random random, String[] pool, int valid) {
    return pool[random.nextInt(random.nextInt(8) == 0 ? pool.length : valid)];
  }

  private static String deep(Random random) {
    int depth = 50 + random.nextInt(30);
    return "{\"url\":\"https://a.example/\",\"x\":"
        + "[".repeat(depth)
        + "]".repeat(depth)
        + ",\"passage\":\"p\"}";
  }

  private static String ws(Random random) {
    return switch (random.nextInt(12)) {
      case 0 -> " ";
      case 1 -> "\n";
      case 2 -> "\t";
      case 3 -> "\r\n ";
      default -> "";
    };
  }

  private static String mutate(String s, Random random) {
    if (s.isEmpty()) {
      return s;
    }
    int at = random.nextInt(s.length());
    return switch (random.nextInt(3)) {
      case 0 -> s.substring(0, at);
      case 1 -> s.substring(0, at) + "\"{}:,[]\\ ".charAt(random.nextInt(9)) + s.substring(at);
      default -> s.substring(0, at) + s.substring(at + 1);
    };
  }

  /** The page text as a JSON string in UTF-8, its escapes chosen at random. */
  private static byte[] outer(String text, Random random, boolean unicodeEscapes) {
    StringBuilder s = new StringBuilder("\"");
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '"' || c == '\\') {
        s.append('\\').append(c);
      } else if (c == '/' && random.nextBoolean()) {
        s.append("\\/");
      } else if (c == '\n') {
        s.append("\\n");
      } else if (c == '\t') {
        s.append("\\t");
      } else if (c == '\r') {
        s.append("\\r");
      } else if (c < 0x20 || (unicodeEscapes && random.nextInt(4) == 0)) {
        s.append(String.format("\\u%04x", (int) c));
      } else {
        s.append(c);
      }
    }
    return s.append('"').toString().getBytes(StandardCharsets.UTF_8);
  }

  private static void mutateBytes(byte[] bytes, Random random) {
    int at = random.nextInt(bytes.length);
    byte[] choices = {(byte) 0x80, (byte) 0xC0, (byte) 0xED, (byte) 0xFF, 0x01, '"', '\\', 'u'};
    bytes[at] = choices[random.nextInt(choices.length)];
  }

  private static int indexOf(byte[] b, byte c, int from) {
    for (int i = from; i < b.length; i++) {
      if (b[i] == c) {
        return i;
      }
    }
    return -1;
  }
}
