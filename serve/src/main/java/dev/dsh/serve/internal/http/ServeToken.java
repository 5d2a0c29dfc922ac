package dev.dsh.serve.internal.http;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.internal.home.CappedRead;
import dev.dsh.host.internal.home.FileStamp;
import dev.dsh.host.internal.home.OwnerOnlyFiles;
import dev.dsh.host.internal.home.PermissionWarning;
import dev.dsh.host.internal.home.Sha256;
import dev.dsh.serve.ServeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The bearer token every request but the probes must carry. It comes from the token file when one
 * is given, else from {@value #VARIABLE}, else from {@code <home>/}{@value #FILE_NAME}, made at
 * the first start (256 random bits, base64url, owner-only). A file is read again when its stamp
 * changes, so the token rotates without a restart; a file that becomes unusable refuses every
 * request until it holds a token again. A file its group or others can read is used, with one
 * warning. Only the token's SHA-256 is kept, compared in constant time; never logged.
 */
public final class ServeToken {

  /** The environment variable a token may come from. */
  public static final String VARIABLE = "DSH_SERVE_TOKEN";

  /** The token file made in the home when no other source is given. */
  public static final String FILE_NAME = "serve-token";

  /** The fewest characters of a token. */
  public static final int MIN_LENGTH = 32;

  private static final int MAX_BYTES = 4096;
  private static final Pattern FORM = Pattern.compile("[!-~]+");

  /**
   * A file's token as last read: its digest, or why the file was unusable then (one of the two).
   */
  private record Read(@Nullable FileStamp stamp, byte @Nullable [] digest,
      @Nullable String problem) {}

  private final @Nullable Path file;
  private final Consumer<String> log;
  private final @Nullable PermissionWarning permissions;
  // Replaced whole when the file's stamp changes; requests racing to re-read only repeat a read.
  private volatile Read current;

  private ServeToken(@Nullable Path file, Read first, Consumer<String> log) {
    this.file = file;
    this.current = first;
    this.log = log;
    this.permissions = file == null ? null : new PermissionWarning("token file", file, log);
    if (permissions != null) {
      permissions.check();
    }
  }

  /**
   * The token of {@code tokenFile} if given, else of {@value #VARIABLE} in {@code env}, else of
   * {@code <home>/serve-token}, made now when missing.
   *
   * @throws ServeException when the source holds no usable token (missing, empty, too short,
   *     spaces or control characters), naming it and the fix
   */
  public static ServeToken resolve(
      Optional<Path> tokenFile, LaunchEnvironment env, Path home, Consumer<String> log) {
    if (tokenFile.isPresent()) {
      return fromFile(tokenFile.get(), log);
    }
    Optional<String> variable = env.get(VARIABLE);
    if (variable.isPresent()) {
      String token = variable.get().strip();
      check(token).ifPresent(why -> {
        throw new ServeException("the environment variable " + VARIABLE + " " + why);
      });
      return new ServeToken(null, new Read(null, digest(token), null), log);
    }
    Path made = home.resolve(FILE_NAME);
    if (!Files.exists(made)) {
      make(made);
      log.accept("made a new serve token in " + made);
    }
    return fromFile(made, log);
  }

  /** Where the token is: the file's path or {@value #VARIABLE}. */
  public String source() {
    return file == null ? VARIABLE : file.toString();
  }

  /** Where the token is, in a refusal's words: the server's file (its path) or variable. */
  public String where() {
    return file == null
        ? "the server's environment variable " + VARIABLE
        : "the server's file " + file;
  }

  /** Whether {@code presented} is the token, compared in constant time. */
  public boolean matches(String presented) {
    return matchesDigest(digest(presented));
  }

  /**
   * Whether {@code digest} is the {@link #digest} of the token now: what a sign-in session keeps
   * to end once the token is rotated. A changed file is read again first.
   */
  public boolean matchesDigest(byte[] digest) {
    byte[] now = fresh().digest();
    return now != null && MessageDigest.isEqual(digest, now);
  }

  /** The SHA-256 of {@code token}: what is kept of a token, never the token itself. */
  public static byte[] digest(String token) {
    return Sha256.newDigest().digest(token.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * Why every request is refused now, if it is: {@code the server has no token: } then the file,
   * what is wrong with it and the fix. A changed file is read again first.
   */
  public Optional<String> problem() {
    return Optional.ofNullable(fresh().problem()).map(why -> "the server has no token: " + why);
  }

  private Read fresh() {
    Read read = current;
    if (file == null || FileStamp.of(file).equals(Optional.ofNullable(read.stamp()))) {
      return read;
    }
    if (permissions != null) {
      permissions.check();
    }
    try {
      read = read(file);
    } catch (ServeException e) {
      read = new Read(FileStamp.of(file).orElse(null), null, e.getMessage());
      log.accept(e.getMessage() + "; every request is refused until it holds a token");
    }
    current = read;
    return read;
  }

  private static ServeToken fromFile(Path file, Consumer<String> log) {
    return new ServeToken(file, read(file), log);
  }

  /** The stamp first, then the bytes: a write in between changes the stamp, read again later. */
  private static Read read(Path file) {
    try {
      FileStamp stamp = FileStamp.read(file);
      byte[] bytes = CappedRead.read(stamp.size(), () -> Files.newInputStream(file), MAX_BYTES,
          size -> new ServeException("the token file " + file + " is over " + MAX_BYTES
              + " bytes: it should hold one token of " + MIN_LENGTH + " characters or more"));
      String token = new String(bytes, StandardCharsets.UTF_8).strip();
      check(token).ifPresent(why -> {
        throw new ServeException("the token file " + file + " " + why);
      });
      return new Read(stamp, digest(token), null);
    } catch (NoSuchFileException e) {
      throw new ServeException("the token file " + file + " does not exist: write a token of "
          + MIN_LENGTH + " characters or more into it", e);
    } catch (IOException e) {
      throw new ServeException("the token file " + file + " cannot be read: " + e.getMessage()
          + ": make it readable by this user", e);
    }
  }

  /** What is wrong with {@code token}, in words that follow its source's name. */
  private static Optional<String> check(String token) {
    if (token.isEmpty()) {
      return Optional.of("is empty: " + fix());
    }
    if (!FORM.matcher(token).matches()) {
      return Optional.of("holds spaces, control or non-ASCII characters: " + fix());
    }
    if (token.length() < MIN_LENGTH) {
      return Optional.of("holds a token of " + token.length() + " characters, fewer than "
          + MIN_LENGTH + ": " + fix());
    }
    return Optional.empty();
  }

  private static String fix() {
    return "give one token of " + MIN_LENGTH + " printable ASCII characters or more, such as the"
        + " output of 'openssl rand -base64 32'";
  }

  /**
   * Makes the home's token file atomically and owner-only. Two first starts at once each write
   * one and the last wins; the other server reads the file again at its next request.
   */
  private static void make(Path file) {
    byte[] random = new byte[32];
    new SecureRandom().nextBytes(random);
    String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    try {
      OwnerOnlyFiles.createFolder(file.getParent());
      OwnerOnlyFiles.replace(file, (token + "\n").getBytes(StandardCharsets.US_ASCII), true);
    } catch (IOException e) {
      throw new ServeException("cannot make the token file " + file + ": " + e.getMessage()
          + ": make the home writable, or give a token file or " + VARIABLE, e);
    }
  }
}
