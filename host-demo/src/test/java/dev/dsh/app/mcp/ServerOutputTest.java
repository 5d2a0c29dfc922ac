package dev.dsh.app.mcp;

import dev.dsh.serve.mcp.CallSignals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The one writer of stdout: whole lines, responses noted by id, a blocked or failed stdout seen. */
class ServerOutputTest {

  @Test
  void linesWrittenInPiecesReachStdoutWholeAndAResponseAnswersItsCall() throws Exception {
    CallSignals calls = new CallSignals();
    calls.open("7");
    calls.open("\"s-1\"");
    ByteArrayOutputStream stdout = new ByteArrayOutputStream();
    ServerOutput output = new ServerOutput(stdout, calls);

    output.write("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"id\":7}}\n{\"jsonrpc\":\"2.0\",\"id\":7,"
        .getBytes(StandardCharsets.UTF_8));
    output.write("\"result\":{}}".getBytes(StandardCharsets.UTF_8));
    output.write('\n');
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (calls.size() > 1 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }

    assertThat(calls.size()).as("the call with the string id is still owed").isEqualTo(1);
    assertThat(calls.allAnswered()).isNotDone();
    calls.answered("\"s-1\"");
    assertThat(calls.allAnswered()).isDone();
    assertThat(stdout.toString(StandardCharsets.UTF_8))
        .isEqualTo("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"id\":7}}\n"
            + "{\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n");
  }

  @Test
  void theResponseKeyIsTheIdAsJsonTextOfAResultOrErrorOnly() {
    assertThat(ServerOutput.responseKey(bytes("{\"jsonrpc\":\"2.0\",\"id\":\"a\\u0041\",\"error\":{}}")))
        .contains("\"aA\"");
    assertThat(ServerOutput.responseKey(bytes("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"ping\"}")))
        .isEmpty();
    assertThat(ServerOutput.responseKey(bytes("not json"))).isEmpty();
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
    ServerOutput output = new ServerOutput(broken, new CallSignals());

    output.write(bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"));

    assertThat(output.failed().get(10, TimeUnit.SECONDS)).isEqualTo("stdout could not be written");
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
    ServerOutput output = new ServerOutput(blocking, new CallSignals());
    output.write(bytes("{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n"));

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!output.stalled() && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(output.stalled()).isTrue();
    unblock.countDown();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
