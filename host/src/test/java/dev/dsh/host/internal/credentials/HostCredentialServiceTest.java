package dev.dsh.host.internal.credentials;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialDescription;
import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialSource;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.credentials.CredentialsPlugin.HostCredentialService;
import dev.dsh.host.model.FileAccessException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostCredentialServiceTest {

  private static final CredentialRef KEY = CredentialRef.of("TENCENTCLOUD_WSA_APIKEY");
  private static final String CANARY = "sk-canary-7d41e0b9";

  @TempDir Path home;

  private final Map<String, String> variables = new HashMap<>();

  private Path storeFile() {
    return home.resolve("credentials.json");
  }

  private HostCredentialService service() {
    return new HostCredentialService(
        new FileCredentialStore(storeFile(), line -> {}), name -> Optional.ofNullable(variables.get(name)));
  }

  private static Optional<Credential> resolve(HostCredentialService service, CredentialRef ref)
      throws Exception {
    return service.resolve(ref).toCompletableFuture().get(5, TimeUnit.SECONDS);
  }

  @Test
  void isConfiguredFollowsTheStoreOfThisAndOtherProcessesAndTheEnvironmentAtOnce() {
    HostCredentialService serving = service();
    HostCredentialService other = service(); // another process on the same file

    assertThat(serving.isConfigured(KEY)).isFalse();
    other.set(KEY, CANARY);
    assertThat(serving.isConfigured(KEY)).isTrue();
    other.unset(KEY);
    assertThat(serving.isConfigured(KEY)).isFalse();
    serving.set(KEY, CANARY);
    assertThat(serving.isConfigured(KEY)).isTrue();
    serving.unset(KEY);
    variables.put(KEY.name(), "  ");
    assertThat(serving.isConfigured(KEY)).as("a blank variable counts as absent").isFalse();
    variables.put(KEY.name(), "sk-exported");
    assertThat(serving.isConfigured(KEY)).isTrue();
  }

  @Test
  void isConfiguredOnACorruptStoreThrowsTheCorruptionWithoutAValue() throws Exception {
    Files.writeString(storeFile(), "{\"TENCENTCLOUD_WSA_APIKEY\": \"" + CANARY + "\", ");

    assertThatThrownBy(() -> service().isConfigured(KEY))
        .isInstanceOf(FileAccessException.class)
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY));
  }

  @Test
  void aStoredValueResolvesFromTheStore() throws Exception {
    HostCredentialService service = service();

    service.set(KEY, "value-a");

    assertThat(resolve(service, KEY)).contains(new Credential("value-a", CredentialSource.STORE));
  }

  @Test
  void aValueSetThroughAnotherStoreOnTheSameFileIsSeenByTheNextResolve() throws Exception {
    HostCredentialService serving = service();
    HostCredentialService otherProcess = service();
    serving.set(KEY, "value-a");
    assertThat(resolve(serving, KEY)).map(Credential::value).contains("value-a");

    otherProcess.set(KEY, "value-b");

    assertThat(resolve(serving, KEY)).map(Credential::value).contains("value-b");
  }

  @Test
  void writesInQuickSuccessionByAnotherStoreAreNeverMissed() throws Exception {
    HostCredentialService serving = service();
    HostCredentialService otherProcess = service();
    // Same size each time, and most land within one millisecond of the previous read.
    for (int i = 0; i < 100; i++) {
      String value = String.format("value-%04d", i);
      otherProcess.set(KEY, value);
      assertThat(resolve(serving, KEY)).map(Credential::value).as("round %d", i).contains(value);
    }
  }

  @Test
  void aRewriteKeepingSizeModificationTimeAndFileIsStillSeen() throws Exception {
    HostCredentialService serving = service();
    serving.set(KEY, "value-aaaa");
    assertThat(resolve(serving, KEY)).map(Credential::value).contains("value-aaaa");
    FileTime modified = Files.getLastModifiedTime(storeFile());
    String rewritten = Files.readString(storeFile()).replace("value-aaaa", "value-bbbb");

    // In place (same file key), same size, and the same modification time: two writes in one tick.
    Files.writeString(storeFile(), rewritten, StandardOpenOption.TRUNCATE_EXISTING);
    Files.setLastModifiedTime(storeFile(), modified);

    assertThat(resolve(serving, KEY)).map(Credential::value).contains("value-bbbb");
  }

  @Test
  void withNothingStoredTheLaunchEnvironmentAnswersWithSourceEnv() throws Exception {
    variables.put(KEY.name(), " env-value ");

    assertThat(resolve(service(), KEY)).contains(new Credential("env-value", CredentialSource.ENV));
    assertThat(service().describe(KEY))
        .isEqualTo(new CredentialDescription(KEY, true, CredentialSource.ENV, true));
  }

  @Test
  void theStoreWinsOverTheLaunchEnvironment() throws Exception {
    variables.put(KEY.name(), "env-value");
    HostCredentialService service = service();

    service.set(KEY, "stored-value");

    assertThat(resolve(service, KEY)).map(Credential::source).contains(CredentialSource.STORE);
  }

  @Test
  void unsettingFallsBackToTheLaunchEnvironment() throws Exception {
    variables.put(KEY.name(), "env-value");
    HostCredentialService service = service();
    service.set(KEY, "stored-value");

    assertThat(service.unset(KEY)).isTrue();
    assertThat(service.unset(KEY)).isFalse();

    assertThat(resolve(service, KEY)).contains(new Credential("env-value", CredentialSource.ENV));
  }

  @Test
  void emptyValuesCountAsAbsent() throws Exception {
    variables.put(KEY.name(), "   ");
    Files.writeString(
        storeFile(), "{\"version\": 1, \"credentials\": {\"" + KEY.name() + "\": \"  \"}}");

    assertThat(resolve(service(), KEY)).isEmpty();
    assertThat(service().describe(KEY))
        .isEqualTo(new CredentialDescription(KEY, false, null, true));
  }

  @Test
  void valuesAreTrimmedWhenSet() throws Exception {
    HostCredentialService service = service();

    service.set(KEY, "  padded-value \n");

    assertThat(resolve(service, KEY)).map(Credential::value).contains("padded-value");
  }

  @Test
  void aValueWithALineBreakIsRefusedWithoutEchoingIt() {
    HostCredentialService service = service();

    assertThatThrownBy(() -> service.set(KEY, CANARY + "\nX-Injected: 1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "cannot store TENCENTCLOUD_WSA_APIKEY: it holds a line break (character 19); a"
                + " credential is sent in an HTTP header, which carries visible ASCII characters"
                + " only (no spaces, tabs, line breaks or non-ASCII characters)")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY));
    assertThat(storeFile()).doesNotExist();
  }

  @Test
  void aValueThatCannotGoIntoAnHttpHeaderIsRefused() {
    HostCredentialService service = service();
    for (String bad : List.of(CANARY + "\u0000x", CANARY + "\u007f", CANARY + "\u4e2d", "\u0001\t ")) {
      assertThatThrownBy(() -> service.set(KEY, bad))
          .isInstanceOf(IllegalArgumentException.class)
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY));
    }
    assertThat(storeFile()).doesNotExist();
  }

  /**
   * The store accepts exactly what the provider can send (the rule of {@link
   * dev.dsh.api.credentials.CredentialValues}, which the Yuanbao provider applies before sending):
   * {@code café-secret} and a value with a space were stored and then refused by every search.
   */
  @Test
  void theStoreAcceptsExactlyTheValuesAProviderCanSend() {
    HostCredentialService service = service();
    Map<String, String> refused = new java.util.LinkedHashMap<>();
    refused.put("café-secret", "it holds a non-ASCII character (character 4)");
    refused.put("sk-with space", "it holds a space (character 8)");
    refused.put("sk-with\ttab", "it holds a tab (character 8)");
    refused.put("sk-\u0085-nel", "it holds a control character (character 4)");
    refused.put("sk-😀-emoji-é", "it holds a non-ASCII character (character 4)");
    refused.put("   ", "it is empty");
    refused.forEach(
        (bad, why) ->
            assertThatThrownBy(() -> service.set(KEY, bad))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot store TENCENTCLOUD_WSA_APIKEY: " + why + "; "));
    assertThat(storeFile()).doesNotExist();

    for (int c = 0; c < 0x100; c++) {
      String value = "k" + (char) c + "k";
      boolean sendable = dev.dsh.api.credentials.CredentialValues.problem(value).isEmpty();
      boolean stored;
      try {
        service.set(KEY, value);
        stored = true;
      } catch (IllegalArgumentException e) {
        stored = false;
      }
      assertThat(stored).as("character 0x%02X", c).isEqualTo(sendable).isEqualTo(c > 0x20 && c < 0x7F);
    }
  }

  @Test
  void describeListAndToStringNeverShowTheValue() throws Exception {
    HostCredentialService service = service();
    service.set(KEY, CANARY);
    service.set(CredentialRef.of("OTHER"), CANARY + "-2");

    String shown =
        String.join(
            "\n",
            service.describe(KEY).toString(),
            service.list().toString(),
            service.toString(),
            new FileCredentialStore(storeFile(), line -> {}).toString(),
            resolve(service, KEY).orElseThrow().toString());

    assertThat(shown).doesNotContain(CANARY);
    assertThat(service.list())
        .containsExactly(
            new CredentialDescription(CredentialRef.of("OTHER"), true, CredentialSource.STORE, true),
            new CredentialDescription(KEY, true, CredentialSource.STORE, true));
  }

  @Test
  void theStoreFileIsOwnerOnly() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    HostCredentialService service = service();

    service.set(KEY, "value-a");
    service.set(KEY, "value-b");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(storeFile())))
        .isEqualTo("rw-------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(home.resolve("credentials.json.lock"))))
        .isEqualTo("rw-------");
    try (var files = Files.list(home)) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("no temporary file is left behind")
          .containsExactlyInAnyOrder("credentials.json", "credentials.json.lock");
    }
  }

  @Test
  void missingFoldersAreCreatedOwnerOnly() throws Exception {
    assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    Path nested = home.resolve("deep/er/credentials.json");
    HostCredentialService service =
        new HostCredentialService(new FileCredentialStore(nested, line -> {}), LaunchEnvironment.of(Map.of()));

    service.set(KEY, "value");

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(nested.getParent())))
        .isEqualTo("rwx------");
    assertThat(resolve(service, KEY)).map(Credential::value).contains("value");
  }

  @Test
  void fourThreadsOfSetResolvePairsLoseNoWrite() throws Exception {
    // 160 writes, each a read and a whole synced write of the file.
    HostCredentialService shared = service();
    HostCredentialService otherInstance = service();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
    for (int t = 0; t < 4; t++) {
      int thread = t;
      // Two threads per store instance: in-process and cross-instance guarding are both exercised.
      HostCredentialService service = t % 2 == 0 ? shared : otherInstance;
      threads.add(
          new Thread(
              () -> {
                try {
                  for (int i = 0; i < 40; i++) {
                    CredentialRef ref = CredentialRef.of("T" + thread + "_" + i);
                    service.set(ref, "v" + thread + "-" + i);
                    Optional<Credential> seen = resolve(service, ref);
                    if (!seen.map(Credential::value).equals(Optional.of("v" + thread + "-" + i))) {
                      throw new AssertionError("thread " + thread + " lost its write " + i);
                    }
                  }
                } catch (Throwable e) {
                  failures.add(e);
                }
              }));
    }
    threads.forEach(Thread::start);
    for (Thread thread : threads) {
      thread.join(TimeUnit.MINUTES.toMillis(5)); // a bound against a hang only
    }

    assertThat(failures).isEmpty();
    assertThat(service().list()).hasSize(160);
  }

  @Test
  void aCorruptStoreGivesAnErrorNamingTheFileAndIsNeverOverwritten() throws Exception {
    String corrupt = "{\"version\": 1, \"credentials\": {\"K\": " + CANARY + "}}";
    Files.writeString(storeFile(), corrupt);
    HostCredentialService service = service();

    ExecutionException resolveFailure =
        org.junit.jupiter.api.Assertions.assertThrows(
            ExecutionException.class,
            () -> service.resolve(KEY).toCompletableFuture().get(5, TimeUnit.SECONDS));
    assertThat(resolveFailure.getCause())
        .isInstanceOf(FileAccessException.class)
        .hasMessageContaining(storeFile().toString())
        .hasMessageContaining("is corrupt: it is not valid JSON (line 1")
        .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY));
    assertThatThrownBy(() -> service.set(KEY, "new-value"))
        .isInstanceOf(FileAccessException.class)
        .hasMessageContaining(storeFile().toString());
    assertThatThrownBy(() -> service.unset(KEY)).isInstanceOf(FileAccessException.class);
    assertThatThrownBy(() -> service.describe(KEY))
        .isInstanceOf(FileAccessException.class);

    assertThat(Files.readString(storeFile(), StandardCharsets.UTF_8)).isEqualTo(corrupt);
  }

  @Test
  void aStoreOfTheWrongShapeIsCorrupt() throws Exception {
    Map<String, String> cases =
        Map.of(
            "[]", "its top level is not a JSON object",
            "{\"credentials\": {}}", "it has no integer \"version\"",
            "{\"version\": 2, \"credentials\": {}}", "its format version is 2",
            "{\"version\": 1, \"credentials\": []}", "its \"credentials\" is not a JSON object",
            "{\"version\": 1, \"credentials\": {\"K\": 42}}", "the value of K is not a JSON string",
            "{\"version\": 1, \"credentials\": {\"" + CANARY + "\": \"x\"}}",
                "entry 1 of \"credentials\" has an invalid name");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      Files.writeString(storeFile(), c.getKey());
      assertThatThrownBy(() -> service().describe(KEY))
          .as(c.getKey())
          .isInstanceOf(FileAccessException.class)
          .hasMessageContaining(c.getValue())
          .satisfies(e -> assertThat(e.getMessage()).doesNotContain(CANARY));
    }
  }

  @Test
  void anEmptyStoreFileIsAnEmptyStore() throws Exception {
    Files.writeString(storeFile(), "");
    HostCredentialService service = service();

    assertThat(resolve(service, KEY)).isEmpty();
    service.set(KEY, "value");
    assertThat(resolve(service, KEY)).map(Credential::value).contains("value");
  }

  @Test
  void theFileHoldsVersionOneAndTheValuesByName() throws Exception {
    HostCredentialService service = service();
    service.set(CredentialRef.of("B"), "two");
    service.set(CredentialRef.of("A"), "one");

    var tree = tools.jackson.databind.json.JsonMapper.builder().build().readTree(storeFile().toFile());

    assertThat(tree.get("version").asInt()).isEqualTo(1);
    assertThat(tree.get("credentials").get("A").stringValue()).isEqualTo("one");
    assertThat(tree.get("credentials").get("B").stringValue()).isEqualTo("two");
    assertThat(Files.readString(storeFile())).contains("\"A\"").endsWith("\n");
  }

  @Test
  void changeListenersHearSetAndUnsetUntilRemoved() {
    HostCredentialService service = service();
    List<CredentialRef> heard = new ArrayList<>();
    var listener = service.onChange(heard::add);
    service.onChange(
        ref -> {
          throw new IllegalStateException("a failing listener does not stop the others");
        });

    service.set(KEY, "value");
    service.unset(KEY);
    listener.dispose();
    service.set(KEY, "again");

    assertThat(heard).containsExactly(KEY, KEY);
  }
}
