package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.dsh.host.model.DshHome;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A profile or patch file over 1 MiB is refused before the YAML parser sees it
 * (a 50 MB one-line value used to keep the parser busy for minutes), naming the file and the limit;
 * the parser's own limits bound what reaches it by another way. A folder where one of
 * these files belongs is named as such.
 */
class ProfileFileLimitsTest {

  private static final Duration NO_HANG = Duration.ofSeconds(20);
  private static final String BUNDLE = "big-bundle";

  @TempDir Path home;

  private String bundlePatch = "";
  private ProfileComposer composer;

  @BeforeEach
  void setUp() {
    composer =
        new ProfileComposer(
            new DshHome(home),
            id ->
                id.equals(BUNDLE)
                    ? Optional.of(new BundlePatch(BUNDLE, Optional.of(bundlePatch)))
                    : Optional.empty());
  }

  /** A patch entry whose one config value is a single line of {@code size} bytes in all. */
  private static byte[] oneLinePatch(int size) {
    byte[] head = "- id: web\n  config: {note: ".getBytes(StandardCharsets.UTF_8);
    byte[] text = new byte[size];
    Arrays.fill(text, (byte) 'x');
    System.arraycopy(head, 0, text, 0, head.length);
    text[size - 2] = '}';
    text[size - 1] = '\n';
    return text;
  }

  private Path write(String relative, byte[] content) throws IOException {
    Path file = home.resolve(relative);
    Files.createDirectories(file.getParent());
    return Files.write(file, content);
  }

  @Test
  void fiftyMegabyteOneLineUserPatchIsRefusedAtOnceNamingTheFileAndTheLimit() throws IOException {
    Path file = write("profiles/default/cordis.patch.yml", oneLinePatch(YamlFiles.MAX_BYTES + 1));
    try (RandomAccessFile sparse = new RandomAccessFile(file.toFile(), "rw")) {
      sparse.setLength(50_000_000); // the line goes on, unwritten: a size is all that is read
    }

    long started = System.nanoTime();
    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessage(
            "profiles/default/cordis.patch.yml is too large (50000000 bytes): a profile or patch"
                + " file may be at most 1 MiB (1048576 bytes); it was not parsed");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(NO_HANG);
  }

  @Test
  void oneByteOverTheLimitIsRefusedForEveryKindOfFile() throws IOException {
    byte[] over = oneLinePatch(YamlFiles.MAX_BYTES + 1);
    Path patch = write("elsewhere/extra.patch.yml", over);
    assertThatThrownBy(() -> composer.compose("default", Optional.of(patch), List.of()))
        .hasMessageStartingWith(patch + " is too large (1048577 bytes)")
        .hasMessageContaining("at most 1 MiB");

    write("profiles/default/profile.yml", over);
    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .hasMessageStartingWith("profiles/default/profile.yml is too large (1048577 bytes)");
    assertThatThrownBy(() -> ProfileSpec.of(new DshHome(home), "default"))
        .hasMessageStartingWith("profiles/default/profile.yml is too large");
  }

  @Test
  void oversizedBundlePatchIsRefusedByTheParserLimitNamingTheBundleFile() throws IOException {
    bundlePatch = new String(oneLinePatch(YamlFiles.MAX_BYTES + 10), StandardCharsets.UTF_8);
    write("profiles/default/profile.yml", "bundles: [big-bundle]\n".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessage(
            "big-bundle:META-INF/dsh/cordis.patch.yml is too large (1048586 characters): a profile"
                + " or patch file may be at most 1 MiB (1048576 bytes); it was not parsed");
  }

  @Test
  void theParserItselfIsLimitedToOneMebiCodePoints() {
    String over = "k: " + "x".repeat(YamlFiles.MAX_BYTES);

    // SnakeYAML's code-point limit or Jackson's document limit, whichever counts first.
    assertThatThrownBy(() -> YamlFiles.MAPPER.readTree(over))
        .hasMessageContaining("exceeds")
        .hasMessageContaining("1048576");
  }

  @Test
  void aFileJustUnderTheLimitIsRead() throws IOException {
    Path file = write("profiles/default/cordis.patch.yml", "# a comment\n".repeat(80_000).getBytes(StandardCharsets.UTF_8));
    assertThat(Files.size(file)).isLessThan(YamlFiles.MAX_BYTES);

    assertThat(composer.compose("default", Optional.empty(), List.of()).rows()).hasSize(4);
  }

  @Test
  void aFolderWhereAProfileFileBelongsIsNamedAsSuch() throws IOException {
    Files.createDirectories(home.resolve("profiles/default/cordis.patch.yml"));

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessage(
            "cannot read profiles/default/cordis.patch.yml: "
                + home.resolve("profiles/default/cordis.patch.yml")
                + " is a folder, not a file");
  }

  @Test
  void aFileWhereTheProfileFolderBelongsIsNamedAsSuch() throws IOException {
    write("profiles/default", "not a folder".getBytes(StandardCharsets.UTF_8));

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .isExactlyInstanceOf(ProfileException.class)
        .hasMessage(
            "cannot read profiles/default/profile.yml: "
                + home.resolve("profiles/default")
                + " is a file, not a folder");
  }

  @Test
  void aFileThatIsNotUtf8IsNamed() throws IOException {
    write("profiles/default/cordis.patch.yml", new byte[] {'-', ' ', (byte) 0xC3, (byte) 0x28, '\n'});

    assertThatThrownBy(() -> composer.compose("default", Optional.empty(), List.of()))
        .hasMessage("profiles/default/cordis.patch.yml is not UTF-8 text; save it as UTF-8");
  }
}
