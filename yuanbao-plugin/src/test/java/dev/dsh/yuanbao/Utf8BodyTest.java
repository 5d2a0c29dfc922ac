package dev.dsh.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * A body with any byte that is not UTF-8 is invalid as a whole, whatever Jackson the host gives
 * the plugin: the JDK's strict decoder reads the bytes, never Jackson's byte parser.
 */
class Utf8BodyTest {

  private static final byte[] BODY = TestSupport.fixture("01-normal-zh-10.json");
  private static final byte[] EMPTY =
      "{\"RequestId\":\"x\",\"Response\":{\"Pages\":[]}}".getBytes(StandardCharsets.UTF_8);

  /**
   * Each ill-formed kind: stray continuation, overlong, surrogate, past U+10FFFF, a lead byte UTF-8
   * never uses, a sequence cut short.
   */
  private static final byte[][] ILL_FORMED = {{(byte) 0x80}, {(byte) 0xC0, (byte) 0x80},
      {(byte) 0xE0, (byte) 0x80, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
      {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xF8, (byte) 0x88},
      {(byte) 0xE4, (byte) 0xB8}};

  /** Where a bad byte stands: in a value the mapping skips, a name, a page string it reads. */
  private static final String[][] AROUND = {{"{\"RequestId\":\"x", "y\","}, {"{\"x", "\":1,"},
      {"{\"Skipped\":[\"", "\"],"},
      {"{\"Response\":{\"Pages\":[\"{\\\"url\\\":\\\"https://a.example/", "\\\","
          + "\\\"passage\\\":\\\"p\\\"}\"]},"}};

  private static Object outcome(byte[] body) {
    Throwable failure = catchThrowable(() -> AnswerReader.read(new Failures(), 200, null, body));
    return failure != null ? failure.getMessage() : AnswerReader.read(new Failures(), 200, null, body);
  }

  @Test
  void aByteThatIsNotUtf8MakesTheBodyInvalidWhereverItStands() {
    byte[] rest = new String(BODY, StandardCharsets.UTF_8).strip().substring(1)
        .getBytes(StandardCharsets.UTF_8);
    for (byte[] bad : ILL_FORMED) {
      for (String[] around : AROUND) {
        ByteArrayOutputStream broken = new ByteArrayOutputStream();
        broken.writeBytes(around[0].getBytes(StandardCharsets.UTF_8));
        broken.writeBytes(bad);
        broken.writeBytes(around[1].getBytes(StandardCharsets.UTF_8));
        broken.writeBytes(rest);
        assertThat(outcome(broken.toByteArray()))
            .as("%02X... in %s", bad[0], around[0]).isEqualTo(Failures.INVALID_BODY);
      }
    }
  }

  @Test
  void aBodyInUtf16OrUtf32IsInvalid() {
    String text = new String(BODY, StandardCharsets.UTF_8);
    for (String charset : new String[] {"UTF-16BE", "UTF-16LE", "UTF-16", "UTF-32BE", "UTF-32LE"}) {
      assertThat(outcome(text.getBytes(Charset.forName(charset))))
          .as(charset).isEqualTo(Failures.INVALID_BODY);
    }
  }

  @Test
  void oneLeadingByteOrderMarkIsSkippedAndASecondIsNot() {
    byte[] mark = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};
    ByteArrayOutputStream once = new ByteArrayOutputStream();
    once.writeBytes(mark);
    once.writeBytes(BODY);
    assertThat(outcome(once.toByteArray()))
        .isEqualTo(outcome(BODY))
        .isEqualTo(AnswerReader.read(new Failures(), 200, null, BODY));
    ByteArrayOutputStream twice = new ByteArrayOutputStream();
    twice.writeBytes(mark);
    twice.writeBytes(mark);
    twice.writeBytes(BODY);
    assertThat(outcome(twice.toByteArray())).isEqualTo(Failures.INVALID_BODY);
  }

  @Test
  void randomBytesInASkippedValueMakeTheBodyInvalidUnlessTheyAreUtf8() {
    Random random = new Random(41);
    for (int i = 0; i < 5_000; i++) {
      byte[] bytes = new byte[random.nextInt(20)];
      random.nextBytes(bytes);
      for (int j = 0; j < bytes.length; j++) {
        // ASCII as letters, so that only the encoding can break the body; half the time runs of it
        boolean ascii = bytes[j] >= 0 || (i % 2 == 0 && random.nextBoolean());
        bytes[j] = ascii ? (byte) ('a' + (bytes[j] & 0x7F) % 26) : bytes[j];
      }
      boolean strict;
      try {
        StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes));
        strict = true;
      } catch (CharacterCodingException e) {
        strict = false;
      }
      ByteArrayOutputStream body = new ByteArrayOutputStream();
      body.writeBytes("{\"RequestId\":\"".getBytes(StandardCharsets.UTF_8));
      body.writeBytes(bytes);
      body.writeBytes("\",\"Response\":{\"Pages\":[]}}".getBytes(StandardCharsets.UTF_8));
      assertThat(outcome(body.toByteArray())).as(HexFormat.of().formatHex(bytes))
          .isEqualTo(strict ? AnswerReader.read(new Failures(), 200, null, EMPTY) : Failures.INVALID_BODY);
    }
  }

  @Test
  void everyWellFormedSequenceLengthIsReadAndANulIsNot() {
    String text = "a\u00e9\u4e2d\ud83d\ude00\uffff\ud7ff\ue000";
    String page = "{\"Response\":{\"Pages\":[{\"url\":\"https://a.example/\",\"passage\":\""
        + text + "\"}]}}";
    assertThat(AnswerReader.read(new Failures(), 200, null, page.getBytes(StandardCharsets.UTF_8))
        .sources().get(0).snippet()).isEqualTo(PageReader.clean(text));
    assertThat(outcome(new byte[] {'{', 0, '}'})).isEqualTo(Failures.INVALID_BODY);
    assertThat(outcome(page.replace("passage", "pass\u0000age").getBytes(StandardCharsets.UTF_8)))
        .isEqualTo(Failures.INVALID_BODY);
  }
}
