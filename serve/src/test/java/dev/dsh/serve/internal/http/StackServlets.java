package dev.dsh.serve.internal.http;

import dev.dsh.api.AbortController;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebSearchRequest;
import dev.dsh.api.web.WebSearchResult;
import dev.dsh.host.Host;
import dev.dsh.host.json.ErrorJson;
import dev.dsh.host.json.SearchJson;
import dev.dsh.serve.internal.api.ApiServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;

/**
 * Endpoints for the stack's tests: {@code /search} runs a search of the host linked to the
 * shutdown signal (as every real endpoint's is), {@code /read} reads the whole body, {@code /hold}
 * waits until released, {@code /readyz} is the real readiness probe.
 */
final class StackServlets {

  final CountDownLatch release = new CountDownLatch(1);
  final CountDownLatch holding;

  StackServlets(int holders) {
    holding = new CountDownLatch(holders);
  }

  ServletContextHandler context(ServeState state, Host host, ServeToken token) {
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.setErrorHandler(new ApiReplies());
    context.addServlet(new ServletHolder(new ApiServlet(state, token)), "/readyz");
    context.addServlet(new ServletHolder(new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        try (AbortController call = AbortController.linkedTo(state.shutdownSignal())) {
          WebSearchResult result = host.search(WebSearchRequest.of("held"), call.signal())
              .toCompletableFuture().join();
          answer(response, 200, SearchJson.of(result).toJson());
        } catch (CompletionException e) {
          answer(response, 503, ErrorJson.of((WebError) e.getCause()).toJson());
        }
      }
    }), "/search");
    context.addServlet(new ServletHolder(new HttpServlet() {
      @Override
      protected void doPost(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        answer(response, 200, String.valueOf(request.getInputStream().readAllBytes().length));
      }
    }), "/read");
    context.addServlet(new ServletHolder(new HttpServlet() {
      @Override
      protected void doGet(HttpServletRequest request, HttpServletResponse response)
          throws IOException {
        holding.countDown();
        try {
          release.await(120, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        answer(response, 200, "released");
      }
    }), "/hold");
    return context;
  }

  private static void answer(HttpServletResponse response, int status, String body)
      throws IOException {
    response.setStatus(status);
    response.setContentType("application/json");
    response.getOutputStream().write(body.getBytes(StandardCharsets.UTF_8));
  }
}
