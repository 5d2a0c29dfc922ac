package dev.dsh.serve.internal.http;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.ConnectionMetaData;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Closes a connection with no credential shown {@code deadline} after it opened: Jetty has no
 * deadline for headers, and its idle timeout spares a client sending a byte now and then. Until a
 * credential is shown, every answer says {@code Connection: close}: a client must not reuse a
 * connection the deadline may close under its next request.
 */
final class ConnectionDeadline extends Handler.Wrapper
    implements Connection.Listener, HttpConfiguration.Customizer {

  private final Set<Connection> unproven = ConcurrentHashMap.newKeySet();
  private final Scheduler scheduler;
  private final long deadlineMillis;

  ConnectionDeadline(Scheduler scheduler, Duration deadline) {
    this.scheduler = scheduler;
    this.deadlineMillis = deadline.toMillis();
  }

  @Override
  public void onOpened(Connection connection) {
    // The HTTP connection carries the requests; under TLS it sits inside the TLS one, and closing
    // it closes both.
    if (connection instanceof ConnectionMetaData) {
      unproven.add(connection);
      scheduler.schedule(() -> {
        if (unproven.remove(connection)) {
          connection.close();
        }
      }, deadlineMillis, TimeUnit.MILLISECONDS);
    }
  }

  @Override
  public void onClosed(Connection connection) {
    unproven.remove(connection);
  }

  @Override
  public Request customize(Request request, HttpFields.Mutable responseHeaders) {
    if (unproven.contains(request.getConnectionMetaData().getConnection())) {
      responseHeaders.put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
    }
    return request;
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (BearerAuth.credentialed(request)
        && unproven.remove(request.getConnectionMetaData().getConnection())) {
      response.getHeaders().remove(HttpHeader.CONNECTION);
    }
    return super.handle(request, response, callback);
  }
}
