package dev.dsh.serve.internal.http;

import dev.dsh.serve.ServeException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.function.Consumer;
import org.eclipse.jetty.server.CustomRequestLog;
import org.eclipse.jetty.server.RequestLog;
import org.eclipse.jetty.server.RequestLogWriter;

/**
 * One line per request through Jetty's {@link CustomRequestLog}: method, path without its query,
 * status, milliseconds. Never headers, queries or bodies, so never a token, a key or a query.
 */
public final class AccessLog {

  /** The server log's line, such as {@code http GET /api/search 200 12ms}. */
  static final String LINE = "http %m %U %s %{ms}Tms";

  private AccessLog() {}

  /**
   * Lines appended to {@code file} (with the time first) if given, else handed to {@code log}.
   *
   * @throws ServeException when {@code file} cannot be appended to
   */
  public static RequestLog to(Optional<Path> file, Consumer<String> log) {
    if (file.isEmpty()) {
      return new CustomRequestLog(log::accept, LINE);
    }
    try { // opened once here, so a file that cannot be written is a clear start-up error
      Files.newOutputStream(file.get(), StandardOpenOption.CREATE, StandardOpenOption.APPEND)
          .close();
    } catch (IOException e) {
      throw new ServeException("cannot append to the access log " + file.get() + ": "
          + e.getMessage() + ": give a file this user can write", e);
    }
    RequestLogWriter writer = new RequestLogWriter(file.get().toString());
    writer.setAppend(true);
    return new CustomRequestLog(writer, "%{yyyy-MM-dd'T'HH:mm:ss.SSSXXX}t %m %U %s %{ms}Tms");
  }
}
