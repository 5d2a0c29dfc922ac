package dev.dsh.app.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.api.AbortSignal;
import dev.dsh.serve.mcp.CallSignals;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one writer of stdout: whole lines, responses noted by id, a blocked or failed stdout seen. */
class StdioGuardTest {

  @Test
  void messagesWrittenInPiecesReachStdoutWholeAndAResponseAnswersItsCall() throws Exception {
    CallSignals calls = new CallSignals(AbortSignal.never());
    calls.open("7");
    calls.open("\"s-1\"");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    StdioGuard output = guard(stdout, calls);

    write(output, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"id\":7}}\n");
    output.write(bytes("{\"jsonrpc\":\"2.0\",\"id\":7,"));
    output.write(bytes("\"result\":{}}"));
    output.write('\n');
    output.flush();
    write(output, "{\"jsonrpc\":\"2.0\",\"id\":\"s\\u002d1\",\"error\":{\"code\":1,\"message\":\"m\"}}\n");
    calls.allAnswered().get(10, TimeUnit.SECONDS);

    assertThat(calls.size()).isZero();
    assertThat(stdout.toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"id\":7}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":\"s\\u002d1\",\"error\":{\"code\":1,\"message\":\"m\"}}\n");
  }

  @Test
  void aRequestWithTheIdOfACallDoesNotAnswerIt() throws Exception {
    CallSignals calls = new CallSignals(AbortSignal.never());
    calls.open("3");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    StdioGuard output = guard(stdout, calls);

    write(output, "{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"roots/list\"}\n");
    write(output, "not json\n");
    awaitWritten(stdout, 2);

    assertThat(calls.size()).isEqualTo(1);
  }

  @Test
  void theInitializeResultGoesOutWithoutLoggingAndOtherMessagesAsTheyAre() throws Exception {
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    StdioGuard output = guard(stdout, new CallSignals(AbortSignal.never()));

    write(output, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\","
        + "\"capabilities\":{\"logging\":{},\"tools\":{\"listChanged\":false}}}}\n");
    write(output, "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"logging\":{}}}\n");
    awaitWritten(stdout, 2);

    assertThat(stdout.toString(StandardCharsets.UTF_8)).isEqualTo(
        "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-06-18\","
            + "\"capabilities\":{\"tools\":{\"listChanged\":false}}}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"logging\":{}}}\n");
  }

  @Test
  void aStdoutThatFailsEndsTheOutputWithTheReason() throws Exception {
    PrintStream broken =
        new PrintStream(
            new OutputStream() {
              @Override
              public void write(int b) throws IOException {
                throw new IOException("No space left on device");
              }
            },
            true,
            StandardCharsets.UTF_8);
    StdioGuard output = guard(broken, new CallSignals(AbortSignal.never()));

    write(output, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n");

    assertThat(output.failed.get(10, TimeUnit.SECONDS)).isEqualTo("stdout could not be written");
  }

  @Test
  void aWriteBlockedLongerThanTheStallBoundIsSeen() throws Exception {
    CountDownLatch unblock = new CountDownLatch(1);
    OutputStream blocking =
        new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            try {
              unblock.await();
            } catch (InterruptedException e) {
              throw new IOException(e);
            }
          }
        };
    StdioGuard output = guard(blocking, new CallSignals(AbortSignal.never()));
    write(output, "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n");

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!output.stalled() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(output.stalled()).isTrue();
    unblock.countDown();
  }

  private static StdioGuard guard(OutputStream stdout, CallSignals calls) throws IOException {
    return new StdioGuard(InputStream.nullInputStream(), stdout, System.err, calls);
  }

  /** Writes one message as the SDK does: its bytes, then a flush. */
  private static void write(StdioGuard output, String message) throws IOException {
    output.write(bytes(message));
    output.flush();
  }

  private static void awaitWritten(ByteArrayOutputStream stdout, int lines) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (stdout.toString(StandardCharsets.UTF_8).split("\n", -1).length <= lines
        && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
