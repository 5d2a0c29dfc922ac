package dev.dsh.yuanbao;

import dev.dsh.api.credentials.Credential;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * Finds the API key for one search, never from a cache: a non-empty literal {@code apiKey} wins;
 * else the credentials service, when one is mounted at that moment, decides for {@code
 * apiKeyEnv}; else the launch environment's variable of that name.
 */
final class KeyResolver {

  private final Supplier<Optional<CredentialService>> credentials;
  private final LaunchEnvironment env;

  KeyResolver(Supplier<Optional<CredentialService>> credentials, LaunchEnvironment env) {
    this.credentials = credentials;
    this.env = env;
  }

  /**
   * The key, or a stage failed with a {@link WebError}: missing, a failing resolver, or a key an
   * HTTP header cannot carry.
   */
  CompletableFuture<String> resolve(Settings settings) {
    String literal = settings.literalKey();
    if (literal != null) {
      return checked(literal, "apiKey");
    }
    String ref = settings.keyRef().name();
    Optional<CredentialService> service;
    CompletionStage<Optional<Credential>> lookup;
    try {
      service = credentials.get();
      if (service.isEmpty()) {
        return fromEnv(ref);
      }
      lookup = service.get().resolve(settings.keyRef());
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(resolutionFailed(e));
    }
    CompletableFuture<String> key = new CompletableFuture<>();
    lookup.whenComplete(
        (credential, error) -> {
          if (error != null) {
            key.completeExceptionally(resolutionFailed(Exceptions.unwrap(error)));
          } else if (credential == null || credential.isEmpty()) {
            key.completeExceptionally(missing(ref, true));
          } else {
            checked(credential.get().value(), ref)
                .whenComplete((v, e) -> {
                  if (e != null) {
                    key.completeExceptionally(e);
                  } else {
                    key.complete(v);
                  }
                });
          }
        });
    return key;
  }

  private CompletableFuture<String> fromEnv(String ref) {
    Optional<String> value = env.get(ref);
    if (value.isEmpty() || value.get().isEmpty()) {
      return CompletableFuture.failedFuture(missing(ref, false));
    }
    return checked(value.get(), ref);
  }

  /**
   * The key, unless it breaks {@link CredentialValues}' rule, the one the host's store applies
   * too (never echoed).
   */
  private static CompletableFuture<String> checked(String key, String where) {
    if (!CredentialValues.sendable(key)) {
      String source = where.equals("apiKey") ? "apiKey" : "\"" + where + "\"";
      return CompletableFuture.failedFuture(
          new WebError(
              WebErrorCodes.WEB_PROVIDER_ERROR,
              Failures.REQUEST_FAILED
                  + "the API key from "
                  + source
                  + " holds a line break, a space or another character an HTTP header cannot"
                  + " carry"));
    }
    return CompletableFuture.completedFuture(key);
  }

  private static WebError missing(String ref, boolean store) {
    String how =
        store
            ? "; set apiKey, store it with 'dsh credentials set " + ref + "', or export " + ref
            : "; set apiKey or export " + ref;
    return new WebError(
        WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING,
        "Yuanbao search has no API key for \"" + ref + "\"" + how);
  }

  private static WebError resolutionFailed(Throwable error) {
    if (error instanceof WebError web) {
      return web;
    }
    return new WebError(
        WebErrorCodes.WEB_PROVIDER_ERROR,
        "Yuanbao search credential resolution failed: " + Exceptions.describe(error, true),
        error);
  }
}
