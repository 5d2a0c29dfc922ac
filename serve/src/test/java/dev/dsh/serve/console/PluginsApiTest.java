package dev.dsh.serve.console;

import static dev.dsh.serve.console.ConsoleApiCalls.await;
import static dev.dsh.serve.console.ConsoleApiCalls.getOk;
import static dev.dsh.serve.console.ConsoleApiCalls.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.testing.SearchProAnswers;
import dev.dsh.api.testing.SearchProStub;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.host.testing.RealPluginJar;
import dev.dsh.host.testing.UnwritableFolder;
import dev.dsh.serve.testing.Canary;
import dev.dsh.serve.testing.ServedHost;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code /api/plugins}: list, enable and disable, remove, upload. */
class PluginsApiTest {

  private static final String ID = RealPluginJar.PLUGIN_ID;

  // One server for the tests that leave the home as they found it; a change starts its own.
  @TempDir static Path home;
  private static SearchProStub stub;
  private static ServedHost served;
  @TempDir Path elsewhere;

  @BeforeAll
  static void serve() {
    stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
    served = ServedHost.start(home, stub.baseUrl(), "");
  }

  @AfterAll
  static void stop() {
    served.close();
    stub.close();
  }

  @Test
  void theListHasTheJarItsRowsAndEveryScopeWithItsState() {
    JsonNode list = getOk(served, "/api/plugins");

    assertThat(list.get("plugins").toString()).isEqualTo("[{\"id\":\"" + ID + "\",\"version\":\""
        + RealPluginJar.version() + "\",\"enabled\":true,\"state\":\"STARTED\",\"rows\":[\""
        + RealPluginJar.ROW_ID + "\"]}]");
    assertThat(list.get("scopes").toString()).contains(
        "{\"id\":\"root/" + RealPluginJar.ROW_ID + "\",\"state\":\"ACTIVE\",\"reason\":null}",
        "{\"id\":\"root/web\",\"state\":\"ACTIVE\",\"reason\":null}");
  }

  @Test
  void disablingRewritesProfileYmlWholeAndTheProviderGoesThenComesBack(@TempDir Path home)
      throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      Path profile = home.resolve("profiles/default/profile.yml");
      Files.writeString(profile, "# my plugins\nbundles: [" + ID + "]  # the search\n");

      HttpResponse<String> disabled =
          served.putJson("/api/plugins/" + ID + "/enabled", "{\"enabled\": false}");
      JsonNode gone = await(served, "/api/overview", o -> o.get("providers").isEmpty());
      String whileDisabled = Files.readString(profile);
      HttpResponse<String> again =
          served.putJson("/api/plugins/" + ID + "/enabled", "{\"enabled\": false}");
      HttpResponse<String> enabled =
          served.putJson("/api/plugins/" + ID + "/enabled", "{\"enabled\": true}");
      JsonNode back = await(served, "/api/overview", o -> o.get("providers").size() == 1);

      assertThat(disabled.statusCode()).isEqualTo(200);
      assertThat(disabled.body()).isEqualTo("{\"changed\":true}\n");
      assertThat(again.body()).isEqualTo("{\"changed\":false}\n");
      assertThat(enabled.body()).isEqualTo("{\"changed\":true}\n");
      assertThat(whileDisabled).startsWith("# Written by dsh").doesNotContain("# my plugins")
          .contains("bundles: []\n");
      assertThat(gone.get("selected").get("provider").isNull()).isTrue();
      assertThat(back.get("selected").get("provider").asString()).isEqualTo("yuanbao");
      assertThat(Files.readString(profile)).startsWith("# Written by dsh")
          .contains("bundles:\n  - \"" + ID + "\"\n");
      assertThat(getOk(served, "/api/plugins").get("plugins").get(0).get("enabled").asBoolean())
          .isTrue();
    }
  }

  @Test
  void anUnknownPluginIs404WithTheInstalledIds() {
    HttpResponse<String> enable =
        served.putJson("/api/plugins/no-such/enabled", "{\"enabled\": true}");
    HttpResponse<String> remove = served.delete("/api/plugins/no-such");
    HttpResponse<String> notBoolean =
        served.putJson("/api/plugins/" + ID + "/enabled", "{\"enabled\": \"no\"}");

    assertThat(enable.statusCode()).isEqualTo(404);
    assertThat(enable.body()).isEqualTo("{\"error\":{\"code\":\"UNKNOWN_PLUGIN\",\"message\":"
        + "\"no installed plugin has the id \\\"no-such\\\" (installed: " + ID + "); add its jar"
        + " with 'dsh plugin add <jar>'\"}}\n");
    assertThat(remove.statusCode()).isEqualTo(404);
    assertThat(remove.body()).contains("\"code\":\"UNKNOWN_PLUGIN\"",
        "no plugin \\\"no-such\\\" is installed");
    assertThat(notBoolean.statusCode()).isEqualTo(400);
    assertThat(notBoolean.body()).contains("/enabled: must be true or false");
  }

  @Test
  void removedThenUploadedTheProviderGoesAndComesBack(@TempDir Path home) throws Exception {
    try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
        ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
      HttpResponse<String> removed = served.delete("/api/plugins/" + ID);
      await(served, "/api/overview", o -> o.get("providers").isEmpty());
      boolean jarGone = Files.notExists(home.resolve("plugins/" + ID + ".jar"));

      HttpResponse<String> uploaded = upload(served, () -> stream(RealPluginJar.path()));
      JsonNode back = await(served, "/api/overview", o -> o.get("providers").size() == 1);

      assertThat(removed.statusCode()).isEqualTo(200);
      assertThat(json(removed).get("notes").toString()).contains(RealPluginJar.ROW_ID);
      assertThat(jarGone).isTrue();
      assertThat(uploaded.statusCode()).as(uploaded.body()).isEqualTo(200);
      assertThat(uploaded.body()).isEqualTo("{\"id\":\"" + ID + "\",\"version\":\""
          + RealPluginJar.version() + "\"}\n");
      assertThat(home.resolve("plugins/" + ID + ".jar")).hasSameBinaryContentAs(
          RealPluginJar.path());
      assertThat(back.get("providers").get(0).get("ready").asBoolean()).isTrue();
      assertThat(served.postJson("/api/search", "{\"query\": \"q\"}").statusCode())
          .isEqualTo(200);
      assertThat(uploadsLeft(home)).isEmpty();
    }
  }

  @Test
  void aJarThatIsNoPluginIs400WithTheMessageOfPluginAddAndChangesNothing() throws Exception {
    // Two MiB: over the cap of every other body, well under the upload's.
    byte[] garbage = new byte[2 << 20];
    Arrays.fill(garbage, (byte) 'x');
    Path file = Files.write(elsewhere.resolve("garbage.jar"), garbage);
    String cli = catchThrowableOfType(PluginLoadException.class,
        () -> PluginInstaller.add(served.hostOptions(), file)).getMessage();
    String profileBefore = Files.readString(home.resolve("profiles/default/profile.yml"));

    HttpResponse<String> refused = upload(served, () -> new ByteArrayInputStream(garbage));

    assertThat(refused.statusCode()).isEqualTo(400);
    assertThat(json(refused).get("error").get("code").asString()).isEqualTo("BAD_PLUGIN");
    assertThat(json(refused).get("error").get("message").asString())
        .isEqualTo(cli.replace(file.toString(), "the uploaded jar"))
        .startsWith("the uploaded jar: ");
    assertThat(Files.readString(home.resolve("profiles/default/profile.yml")))
        .isEqualTo(profileBefore);
    assertThat(uploadsLeft()).isEmpty();
  }

  @Test
  void anUploadOverSixtyFourMebibytesIs413() throws Exception {
    long over = (64L << 20) + 1;

    // Sent chunked, without a length: the endpoint counts the bytes as they come.
    HttpResponse<String> refused = upload(served, () -> new InputStream() {
      private long left = over;

      @Override
      public int read() {
        return left-- > 0 ? 'x' : -1;
      }

      @Override
      public int read(byte[] buffer, int offset, int length) {
        if (left <= 0) {
          return -1;
        }
        int n = (int) Math.min(length, left);
        Arrays.fill(buffer, offset, offset + n, (byte) 'x');
        left -= n;
        return n;
      }
    });

    assertThat(refused.statusCode()).isEqualTo(413);
    assertThat(json(refused).get("error").get("code").asString()).isEqualTo("BODY_TOO_LARGE");
    assertThat(json(refused).get("error").get("message").asString())
        .startsWith("the plugin jar is over the 67108864-byte (64 MiB) cap");
    assertThat(uploadsLeft()).isEmpty();
  }

  @Test
  void anUploadTheHomeCannotStoreNamesTheFolderAndTheCauseAsOtherSavesDo() throws Exception {
    Path plugins = home.resolve("plugins");
    HttpResponse<String> notInstalled;
    try (UnwritableFolder locked = UnwritableFolder.make(plugins)) {
      notInstalled = upload(served, () -> stream(RealPluginJar.path()));
    }
    HttpResponse<String> notStored;
    try (UnwritableFolder locked = UnwritableFolder.make(home)) {
      notStored = upload(served, () -> stream(RealPluginJar.path()));
    }

    assertThat(notInstalled.statusCode()).isEqualTo(500);
    assertThat(json(notInstalled).get("error").get("code").asString()).isEqualTo("FILE_ACCESS");
    assertThat(json(notInstalled).get("error").get("message").asString())
        .startsWith("could not install the uploaded jar: " + plugins + " is not writable (")
        .endsWith("); " + FileProblems.FIX);
    assertThat(notStored.statusCode()).isEqualTo(500);
    assertThat(json(notStored).get("error").get("code").asString()).isEqualTo("FILE_ACCESS");
    assertThat(json(notStored).get("error").get("message").asString())
        .startsWith("could not store the uploaded jar: " + home + " is not writable (")
        .endsWith("); " + FileProblems.FIX);
    assertThat(home.resolve("plugins/" + ID + ".jar")).hasSameBinaryContentAs(
        RealPluginJar.path());
    assertThat(uploadsLeft()).isEmpty();
    Canary.nowhere(List.of(notInstalled, notStored), served.log(), ServedHost.TOKEN,
        ServedHost.KEY);
  }

  @Test
  void anUploadOntoAFullDiskNamesTheFileAndTheCause() throws Exception {
    Path disk = elsewhere.resolve("disk");
    Files.createDirectory(disk);
    assumeTrue(run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", disk.toString()) == 0,
        "needs a small tmpfs (root)");
    try {
      Path home = disk.resolve("home");
      try (SearchProStub stub = SearchProStub.answering(SearchProAnswers.onePage("a"));
          ServedHost served = ServedHost.start(home, stub.baseUrl(), "")) {
        fill(disk.resolve("filler"), 64 * 1024); // less room left than the jar needs
        HttpResponse<String> full = upload(served, () -> stream(RealPluginJar.path()));

        assertThat(full.statusCode()).isEqualTo(500);
        JsonNode error = json(full).get("error");
        assertThat(error.get("code").asString()).isEqualTo("FILE_ACCESS");
        assertThat(error.get("message").asString())
            .startsWith("could not store the uploaded jar: ").contains(home.toString())
            .contains("No space left on device").doesNotContain("server error");
        assertThat(uploadsLeft(home)).isEmpty();
        Canary.nowhere(List.of(full), served.log(), ServedHost.TOKEN, ServedHost.KEY);
      }
    } finally {
      run("umount", "-l", disk.toString());
    }
  }

  /** Fills the disk {@code file} is on, then frees {@code room} bytes of it. */
  private static void fill(Path file, int room) throws IOException {
    byte[] block = new byte[16 * 1024];
    try (var out = Files.newOutputStream(file)) {
      while (true) {
        out.write(block);
      }
    } catch (IOException full) {
      // the disk is full
    }
    try (var channel = java.nio.channels.FileChannel.open(file,
        java.nio.file.StandardOpenOption.WRITE)) {
      channel.truncate(Math.max(0, channel.size() - room));
    }
  }

  private static int run(String... command) throws IOException, InterruptedException {
    try {
      return new ProcessBuilder(command).redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    } catch (IOException noSuchCommand) {
      return -1;
    }
  }

  private static HttpResponse<String> upload(ServedHost served, Supplier<InputStream> body) {
    return served.send(served.request("/api/plugins")
        .header("Content-Type", "application/java-archive")
        .POST(HttpRequest.BodyPublishers.ofInputStream(body)).build());
  }

  private static InputStream stream(Path file) {
    try {
      return Files.newInputStream(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> uploadsLeft() throws IOException {
    return uploadsLeft(home);
  }

  private static List<Path> uploadsLeft(Path home) throws IOException {
    try (Stream<Path> files = Files.list(home)) {
      return files.filter(f -> f.getFileName().toString().startsWith(".upload-")).toList();
    }
  }
}
