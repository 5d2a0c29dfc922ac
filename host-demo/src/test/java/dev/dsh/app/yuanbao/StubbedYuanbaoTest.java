package dev.dsh.app.yuanbao;

import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A SearchPro stub per test class answering every search with fixture 02, and a fresh {@link
 * YuanbaoHost} on a temporary home per test.
 */
abstract class StubbedYuanbaoTest {

  @RegisterExtension static final SearchProStub stub = SearchProStub.unrouted();

  @TempDir Path home;
  YuanbaoHost host;

  @BeforeEach
  void serveAnswers() {
    stub.answer(StubReply.json(YuanbaoHost.fixture("02-normal-en-10.json")));
    host = new YuanbaoHost(home);
  }
}
