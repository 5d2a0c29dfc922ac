package dev.dsh.host.internal.profile;

import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileProblems;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.ProfileException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a profile or patch file ({@code profile.yml}, {@code cordis.patch.yml}, a {@code --patch}
 * file) as UTF-8 text, refusing one over {@link #MAX_BYTES} before any of it is parsed.
 */
final class ProfileFiles {

  /**
   * The largest profile or patch file read: 1 MiB. Real ones are a few hundred bytes; the YAML
   * parser needs about a second per MiB of one long value on a small machine, so a bigger file is
   * refused rather than parsed for minutes.
   */
  static final int MAX_BYTES = 1 << 20;

  private ProfileFiles() {}

  /**
   * @param shownAs the file as named in messages
   * @return the text; empty when there is no such file
   * @throws ProfileException when the file is over the limit, is a folder, is not UTF-8 or cannot
   *     be read (naming the path and the OS reason)
   */
  static Optional<String> readIfPresent(Path file, String shownAs) {
    byte[] bytes;
    try {
      if (Files.isDirectory(file)) {
        throw new ProfileException(
            "cannot read " + shownAs + ": " + file.toAbsolutePath() + " is a folder, not a file");
      }
      bytes = CappedRead.read(Files.size(file), () -> Files.newInputStream(file), MAX_BYTES,
          size -> tooLarge(shownAs, (size >= 0 ? size : "more than " + MAX_BYTES) + " bytes"));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new ProfileException(
          "cannot read " + shownAs + ": " + FileProblems.describe(e, file, FileAccessException.Kind.FILE),
          e);
    }
    try {
      return Optional.of(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString());
    } catch (CharacterCodingException e) {
      throw new ProfileException(shownAs + " is not UTF-8 text; save it as UTF-8", e);
    }
  }

  /**
   * The error for a file (or a bundle's embedded patch) over the limit.
   *
   * @param measured its size as measured, such as {@code "52428800 bytes"}
   */
  static ProfileException tooLarge(String shownAs, String measured) {
    return new ProfileException(
        shownAs
            + " is too large ("
            + measured
            + "): a profile or patch file may be at most 1 MiB ("
            + MAX_BYTES
            + " bytes); it was not parsed");
  }
}
