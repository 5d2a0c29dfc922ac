package dev.dsh.serve.testing;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One {@link ServedHost} for a whole test class, on a stub answering one page for {@code "a"} and
 * reset before each test: a static {@code @RegisterExtension} field, so tests that leave the
 * server as they found it share one boot.
 */
public final class ServedOnce implements BeforeAllCallback, BeforeEachCallback, AfterAllCallback {

  private final SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
  private Path home;
  private ServedHost served;

  /** The stub the host searches. */
  public SearchProStub stub() {
    return stub;
  }

  /** The running server and host. */
  public ServedHost served() {
    return served;
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException {
    stub.beforeAll(context);
    home = Files.createTempDirectory("dsh-served-");
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    stub.beforeEach(context);
  }

  @Override
  public void afterAll(ExtensionContext context) throws IOException {
    served.close();
    stub.close();
    try (Stream<Path> files = Files.walk(home)) {
      files.sorted(Comparator.reverseOrder()).forEach(file -> {
        try {
          Files.delete(file);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
