package dev.dsh.serve.internal.http;

import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.host.SecretFile;
import dev.dsh.serve.ServeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The bearer token: the token file, else {@value #VARIABLE}, else {@code <home>/}{@value
 * #FILE_NAME} (made at the first start), read on each use so it rotates without a restart.
 */
public final class ServeToken {

  public static final String VARIABLE = "DSH_SERVE_TOKEN";
  public static final String FILE_NAME = "serve-token";
  public static final int MIN_LENGTH = 32;

  private static final int MAX_BYTES = 4096;
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Pattern FORM = Pattern.compile("[!-~]+");

  private final @Nullable Path path;
  private final Supplier<String> token; // read on each use, so a rotation takes effect at once
  private final Consumer<String> log;
  private volatile @Nullable String lastProblem; // logged once until it changes

  private ServeToken(@Nullable Path path, Supplier<String> token, Consumer<String> log) {
    this.path = path;
    this.token = token;
    this.log = log;
    token.get(); // a start-up error when it holds no token
  }

  /** @throws ServeException when the source holds no usable token, naming it and the fix */
  public static ServeToken resolve(
      Optional<Path> tokenFile, LaunchEnvironment env, Path home, Consumer<String> log) {
    Optional<String> variable = env.get(VARIABLE).map(String::strip);
    if (tokenFile.isEmpty() && variable.isPresent()) {
      return new ServeToken(null, () -> checked(variable.get(), "the environment variable "
          + VARIABLE), log);
    }
    Path path = tokenFile.orElse(home.resolve(FILE_NAME));
    if (tokenFile.isEmpty() && !Files.exists(path)) {
      make(path);
      log.accept("made a new serve token in " + path);
    }
    SecretFile file = new SecretFile("token file", path, MAX_BYTES, log);
    return new ServeToken(path, () -> read(path, file), log);
  }

  /** The file's path or {@value #VARIABLE}. */
  public String source() {
    return path == null ? VARIABLE : path.toString();
  }

  /** Where the token is, in a refusal's words: never the file's path, which only the log gets. */
  public String where() {
    return path == null ? "the server's environment variable " + VARIABLE
        : "the server's home as " + FILE_NAME + ", or the file given by --token-file";
  }

  /** Whether {@code presented} is the token, by SHA-256 in constant time. */
  public boolean matches(String presented) {
    return matchesDigest(digest(presented));
  }

  /** Whether {@code digest} is the token's now: a console session ends with a rotation. */
  public boolean matchesDigest(byte[] digest) {
    String now = now();
    return now != null && MessageDigest.isEqual(digest, digest(now));
  }

  /** 32 random bytes in URL-safe Base64: a new token, or a console session's id or CSRF token. */
  public static String random() {
    byte[] bytes = new byte[32];
    RANDOM.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  public static byte[] digest(String token) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK provides SHA-256", e);
    }
  }

  /** Why every request is refused now, if it is; the log names the file and what is wrong. */
  public Optional<String> problem() {
    return now() != null ? Optional.empty() : Optional.of("the server has no usable token: its"
        + " token file (in " + where() + ") is missing, unreadable or malformed; the server's"
        + " log says which, and the fix");
  }

  /** The token now, else null: why its file is unusable is logged once until that changes. */
  private @Nullable String now() {
    try {
      String now = token.get();
      lastProblem = null;
      return now;
    } catch (ServeException e) {
      if (!e.getMessage().equals(lastProblem)) {
        log.accept(e.getMessage() + "; every request is refused until it holds a token");
      }
      lastProblem = e.getMessage();
      return null;
    }
  }

  private static String read(Path path, SecretFile file) {
    try {
      String token = checked(new String(file.read(() -> new ServeException("the token file "
          + path + " is over " + MAX_BYTES + " bytes: it should hold one token of " + MIN_LENGTH
          + " characters or more")), StandardCharsets.UTF_8).strip(), "the token file " + path);
      file.checkPermissions(); // after the read: a start-up error says only that
      return token;
    } catch (NoSuchFileException e) {
      throw new ServeException("the token file " + path + " does not exist: write a token of "
          + MIN_LENGTH + " characters or more into it", e);
    } catch (IOException e) {
      throw new ServeException("the token file " + path + " cannot be read: " + e.getMessage()
          + ": make it readable by this user", e);
    }
  }

  /** {@code token}; @throws ServeException saying what is wrong with it, after {@code source} */
  private static String checked(String token, String source) {
    String why = token.isEmpty() ? "is empty"
        : !FORM.matcher(token).matches() ? "holds spaces, control or non-ASCII characters"
        : token.length() < MIN_LENGTH
            ? "holds a token of " + token.length() + " characters, fewer than " + MIN_LENGTH
        : null;
    if (why != null) {
      throw new ServeException(source + " " + why + ": give one token of " + MIN_LENGTH
          + " printable ASCII characters or more, such as the output of 'openssl rand -base64 32'");
    }
    return token;
  }

  /** Two first starts at once each write one and the last wins; the other reads it again later. */
  private static void make(Path file) {
    try {
      SecretFile.write(file, (random() + "\n").getBytes(StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new ServeException("cannot make the token file " + file + ": " + e.getMessage()
          + ": make the home writable, or give a token file or " + VARIABLE, e);
    }
  }
}
