package dev.dsh.serve.internal.http;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.SizeLimitHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's body cap ({@link Limits#BODY_CAP}) for every request but a plugin jar's upload ({@code
 * POST /api/plugins}), whose endpoint streams the body to a file under its own cap ({@link
 * Limits#UPLOAD_CAP}) instead of holding it.
 */
final class BodyCap extends SizeLimitHandler {

  BodyCap() {
    super(Limits.BODY_CAP, -1);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (request.getMethod().equals("POST")
        && Request.getPathInContext(request).equals("/api/plugins")) {
      return getHandler().handle(request, response, callback);
    }
    return super.handle(request, response, callback);
  }
}
