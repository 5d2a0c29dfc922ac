package dev.dsh.host.internal.profile;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dsh.host.model.DshHome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A character outside the Basic Multilingual Plane (two {@code char}s in Java) reads like any other
 * wherever it sits. The YAML parser reads its input 1,025 characters at a time, and
 * snakeyaml-engine before 3.1 failed with {@code IndexOutOfBoundsException} on a pair split by a
 * read. Every offset around the first reads, in a value and in a comment, through each reader of
 * profile files.
 */
class NonBmpTextTest {

  private static final String EMOJI = "\uD83D\uDE00";
  private static final String YUANBAO = "dsh-web-search-yuanbao";
  private static final String ROW = "web-search-yuanbao";
  private static final String FILE = "profiles/default/cordis.patch.yml";

  @TempDir Path home;

  /** Offsets of the pair's first {@code char}: around 1,024, 2,048 and 4,096. */
  private static List<Integer> offsets() {
    return IntStream.concat(IntStream.concat(IntStream.rangeClosed(1000, 1030),
            IntStream.rangeClosed(2030, 2060)), IntStream.rangeClosed(4080, 4110))
        .boxed().toList();
  }

  /** {@code prefix}, then letters up to {@code at}, then the pair. */
  private static String padded(String prefix, int at) {
    return prefix + "x".repeat(at - prefix.length()) + EMOJI;
  }

  @Test
  void aPatchReadsWithThePairInAValueOrACommentAtAnyOffset() throws IOException {
    Files.createDirectories(home.resolve("profiles/default"));
    Files.writeString(home.resolve("profiles/default/profile.yml"), "bundles: [" + YUANBAO + "]\n");
    String bundle = "- insert: [{id: " + ROW + ", name: " + YUANBAO + "}]\n";
    ProfileComposer composer = new ProfileComposer(new DshHome(home),
        id -> Optional.of(new BundlePatch(YUANBAO, Optional.of(bundle))));
    String entry = "- id: " + ROW + "\n  config: {note: \"";
    for (int at : offsets()) {
      String value = padded(entry, at);
      String comment = padded("# ", at);
      Files.writeString(home.resolve(FILE), value + "\"}\n");
      Map<String, Object> fromValue = composer.compose("default", Optional.empty(), List.of()).row(ROW)
          .orElseThrow().config();
      Files.writeString(home.resolve(FILE), comment + "\n" + entry + "n\"}\n");
      Map<String, Object> afterComment = composer.compose("default", Optional.empty(), List.of()).row(ROW)
          .orElseThrow().config();

      assertThat(fromValue).as("value at %d", at)
          .isEqualTo(Map.of("note", value.substring(entry.length())));
      assertThat(afterComment).as("comment at %d", at).isEqualTo(Map.of("note", "n"));
    }
  }

  @Test
  void aProfileFileReadsWithThePairInACommentOrAValueAtAnyOffset() {
    for (int at : offsets()) {
      String comment = padded("# ", at) + "\nbundles: [" + YUANBAO + "]\n";
      String value = padded("bundles: [\"", at) + "\"]\n";

      assertThat(ProfileSpec.parse(comment, "profile.yml").bundles()).as("comment at %d", at)
          .containsExactly(YUANBAO);
      assertThat(ProfileSpec.parse(value, "profile.yml").bundles()).as("value at %d", at)
          .containsExactly(value.substring("bundles: [\"".length(), value.length() - 3));
    }
  }
}
