package dev.dsh.serve.internal.console;

import dev.dsh.host.HostOptions;
import dev.dsh.host.PluginInstaller;
import dev.dsh.host.internal.home.HomeWrites;
import dev.dsh.host.model.FileAccessException;
import dev.dsh.host.model.PluginLoadException;
import dev.dsh.serve.internal.http.Limits;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code POST /api/plugins}: the body, a plugin jar of at most {@link Limits#UPLOAD_CAP} bytes,
 * streamed to an owner-only temporary file in the home, then installed by {@link
 * PluginInstaller#add} (the checks and messages of {@code dsh plugin add}); the file is deleted
 * whatever happens. A write that fails (a full disk, a read-only home) is told as every other
 * write into the home is: the path and the cause.
 */
final class PluginsUpload {

  private PluginsUpload() {}

  /**
   * Installs the request's jar, on the edits thread.
   *
   * @throws ConsoleApiServlet.Refusal {@code 413 BODY_TOO_LARGE} when the body is over the cap
   *     (as the HTTP stack's own cap answers), {@code 400 BAD_PLUGIN} with {@code dsh plugin
   *     add}'s message, the file called "the uploaded jar"
   * @throws FileAccessException when the jar cannot be stored or installed, naming the path and
   *     the cause
   */
  static PluginInstaller.Installed install(HostOptions options, ConsoleApi edits,
      HttpServletRequest request) throws IOException {
    String type = Optional.ofNullable(request.getContentType()).orElse("")
        .split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    if (!type.equals("application/java-archive") && !type.equals("application/octet-stream")) {
      throw new IllegalArgumentException("the body must be the plugin's jar, sent with"
          + " Content-Type: application/java-archive");
    }
    if (request.getContentLengthLong() > Limits.UPLOAD_CAP) {
      throw tooLarge();
    }
    Path home = options.home().root();
    Path jar;
    try {
      jar = Files.createTempFile(home, ".upload-", ".jar");
    } catch (IOException e) {
      throw notStored(e, home);
    }
    try {
      copyCapped(request.getInputStream(), jar, home);
      return edits.run(() -> {
        try {
          return PluginInstaller.add(options, jar);
        } catch (PluginLoadException e) {
          // The temporary file's name means nothing to the user: the message names the upload.
          throw new ConsoleApiServlet.Refusal(400, "BAD_PLUGIN", named(e, jar));
        } catch (FileAccessException e) {
          throw new FileAccessException(named(e, jar), e.getCause());
        }
      });
    } finally {
      Files.deleteIfExists(jar);
    }
  }

  /** Copies the body into {@code file}; only a failed write is the home's to tell. */
  private static void copyCapped(InputStream body, Path file, Path home) throws IOException {
    byte[] buffer = new byte[64 * 1024];
    long total = 0;
    try (OutputStream out = Files.newOutputStream(file)) {
      for (int read; (read = body.read(buffer)) >= 0; ) {
        total += read;
        if (total > Limits.UPLOAD_CAP) {
          throw tooLarge(); // a body sent without its length, or longer than it said
        }
        try {
          out.write(buffer, 0, read);
        } catch (IOException e) {
          throw notStored(e, home);
        }
      }
    }
  }

  private static FileAccessException notStored(IOException e, Path home) {
    return HomeWrites.failed("could not store the uploaded jar", e, home,
        FileAccessException.Kind.FOLDER);
  }

  private static String named(RuntimeException e, Path jar) {
    return e.getMessage().replace(jar.toString(), "the uploaded jar");
  }

  private static ConsoleApiServlet.Refusal tooLarge() {
    return new ConsoleApiServlet.Refusal(413, "BODY_TOO_LARGE", "the plugin jar is over the "
        + Limits.UPLOAD_CAP + "-byte (64 MiB) cap: upload a smaller one, or install it with"
        + " 'dsh plugin add <jar>'");
  }
}
