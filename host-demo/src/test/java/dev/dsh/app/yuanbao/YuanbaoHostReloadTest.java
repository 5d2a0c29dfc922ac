package dev.dsh.app.yuanbao;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import dev.dsh.api.AbortSignal;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.api.testing.StubReply;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.HostOptions;
import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.LifecycleEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin installed in a home and enabled in the
 * profile; a changed user layer, taken by {@link Host#reload()} as {@code dsh run} does on a file
 * change, reaches the next search as an in-place update of the row.
 */
class YuanbaoHostReloadTest {

  private static final String KEY = "sk-host-reload";
  @RegisterExtension private static final SearchProStub first = SearchProStub.unrouted();
  @RegisterExtension private static final SearchProStub second = SearchProStub.unrouted();

  @TempDir Path home;
  private final List<LifecycleEvent> events = new CopyOnWriteArrayList<>();
  private final List<String> reports = new CopyOnWriteArrayList<>();
  private Host host;

  @BeforeEach
  void boot() throws IOException {
    for (SearchProStub stub : List.of(first, second)) {
      stub.answer(StubReply.json(YuanbaoHost.fixture("01-normal-zh-10.json")));
    }
    Files.createDirectories(home.resolve("plugins"));
    // an untouched timestamp lets the loader take the jar without waiting for it to settle
    Files.copy(
        YuanbaoHost.pluginJar(),
        home.resolve("plugins/dsh-web-search-yuanbao.jar"),
        StandardCopyOption.COPY_ATTRIBUTES);
    Path profile = Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(profile.resolve("profile.yml"), "bundles: [dsh-web-search-yuanbao]\n");
    writeUserLayer("{baseURL: \"" + first.baseUrl() + "\"}");
    host =
        Host.serveWithoutWatching(
            new HostOptions(
                new DshHome(home),
                "default",
                Optional.empty(),
                LaunchEnvironment.of(Map.of(YuanbaoHost.KEY_VARIABLE, KEY)),
                reports::add),
            events::add);
  }

  @AfterEach
  void close() {
    host.close();
  }

  private void writeUserLayer(String config) throws IOException {
    writeUserLayer(config, "");
  }

  /** The user layer: the Yuanbao row's whole config, then any further patch entries. */
  private void writeUserLayer(String config, String moreEntries) throws IOException {
    Path file = home.resolve("profiles/default/cordis.patch.yml");
    Path temp = Files.createTempFile(file.getParent(), ".patch-", ".tmp");
    Files.writeString(temp, "- id: web-search-yuanbao\n  config: " + config + "\n" + moreEntries);
    Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private WebSearchResult search(String query) throws Exception {
    return host.search(WebSearchRequest.of(query), AbortSignal.never())
        .toCompletableFuture()
        .get(YuanbaoHost.HANG_BOUND_SECONDS, TimeUnit.SECONDS);
  }

  private List<LifecycleEvent.Kind> rowEvents() {
    return events.stream()
        .filter(e -> e.scopeId().equals("root/web-search-yuanbao"))
        .map(LifecycleEvent::kind)
        .toList();
  }

  @Test
  void aChangedUserLayerReachesTheNextSearchAsAnInPlaceUpdate() throws Exception {
    assertThat(search("before").provider()).isEqualTo("yuanbao");

    writeUserLayer("{baseURL: \"" + second.baseUrl() + "\", count: 40}");
    assertThat(host.reload()).isEmpty();
    search("after");

    assertThat(first.searches())
        .filteredOn(r -> r.body().equals("{\"Query\":\"before\",\"Cnt\":10}"))
        .hasSize(1);
    assertThat(second.searches())
        .filteredOn(
            r ->
                r.hasHeader("Authorization", "Bearer " + KEY)
                    && r.body().equals("{\"Query\":\"after\",\"Cnt\":40}"))
        .hasSize(1);
    assertThat(rowEvents())
        .containsExactly(LifecycleEvent.Kind.APPLIED, LifecycleEvent.Kind.UPDATED);
    assertThat(reports).containsExactly("loaded plugin dsh-web-search-yuanbao@0.1.0");
  }

  @Test
  void anInvalidUserLayerIsReportedAndThePreviousConfigKeepsServing() throws Exception {
    writeUserLayer("{baseURL: \"not a uri\", count: 15}");
    List<String> reported = host.reload();
    search("still");

    assertThat(reported)
        .singleElement()
        .asString()
        .contains("web-search-yuanbao")
        .contains("/baseURL")
        .contains("/count");
    assertThat(first.searches()).hasSize(1);
    assertThat(rowEvents()).containsExactly(LifecycleEvent.Kind.APPLIED);
  }

  @Test
  void pinningOnTheWebRowIsTakenLiveAndLeavesTheYuanbaoRowAlone() throws Exception {
    String row = "{baseURL: \"" + first.baseUrl() + "\"}";

    writeUserLayer(row, "- id: web\n  config: {searchProvider: yuanbao}\n");
    assertThat(host.reload()).isEmpty();
    assertThat(search("pinned").provider()).isEqualTo("yuanbao");

    writeUserLayer(row, "- id: web\n  config: {searchProvider: elsewhere}\n");
    assertThat(host.reload()).isEmpty();
    Throwable missing = catchThrowable(() -> search("missing")).getCause();

    assertThat(missing).isInstanceOf(WebError.class);
    assertThat(((WebError) missing).code())
        .isEqualTo(WebErrorCodes.WEB_PROVIDER_CONFIGURED_MISSING);
    assertThat(missing).hasMessage("configured web provider \"elsewhere\" is not registered");
    assertThat(rowEvents()).containsExactly(LifecycleEvent.Kind.APPLIED);
    assertThat(first.searches()).hasSize(1);
  }
}
