package dev.dsh.yuanbao;

import dev.dsh.api.credentials.CredentialRef;
import dev.dsh.api.credentials.CredentialService;
import dev.dsh.api.credentials.CredentialValues;
import dev.dsh.api.env.LaunchEnvironment;
import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebErrorCodes;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.jspecify.annotations.Nullable;

/**
 * Finds the API key for one search, never cached: a non-blank {@code apiKey}, else the credentials
 * service mounted now, else the environment's {@code apiKeyEnv}; else names what was set but empty.
 */
final class KeyResolver {

  private final Supplier<Optional<CredentialService>> credentials;
  private final LaunchEnvironment env;

  KeyResolver(Supplier<Optional<CredentialService>> credentials, LaunchEnvironment env) {
    this.credentials = credentials;
    this.env = env;
  }

  CompletionStage<String> resolve(Settings settings) {
    String ref = settings.keyRef().name();
    try {
      String literal = literal(settings);
      if (literal != null) {
        return CompletableFuture.completedFuture(checked(literal, "apiKey"));
      }
      Optional<CredentialService> service = credentials.get();
      if (service.isEmpty()) {
        String value = env.get(ref).filter(v -> !v.isBlank()).orElseThrow(() -> missing(settings, false));
        return CompletableFuture.completedFuture(checked(value, ref));
      }
      return service.get().resolve(settings.keyRef()).handle((credential, error) -> {
        if (error != null) {
          throw resolutionFailed(WebError.unwrap(error));
        }
        if (credential == null || credential.isEmpty()) {
          throw missing(settings, true);
        }
        return checked(credential.get().value(), ref);
      });
    } catch (RuntimeException e) {
      return CompletableFuture.failedFuture(resolutionFailed(e));
    }
  }

  /** Why no key is at hand now, by the same rule but without resolving one (readiness). */
  Optional<String> missing(Settings settings) {
    CredentialRef ref = settings.keyRef();
    if (literal(settings) != null) {
      return Optional.empty();
    }
    try {
      Optional<CredentialService> service = credentials.get();
      boolean configured = service.isPresent() ? service.get().isConfigured(ref)
          : env.get(ref.name()).filter(value -> !value.isBlank()).isPresent();
      return configured ? Optional.empty() : Optional.of(noKey(settings));
    } catch (RuntimeException e) {
      return Optional.of("the credentials service cannot tell whether \"" + ref.name()
          + "\" is configured (" + e.getClass().getSimpleName() + ")");
    }
  }

  /** The key, unless it breaks {@link CredentialValues}' rule, the host store's too. */
  private static String checked(String key, String where) {
    if (CredentialValues.problem(key).isPresent()) {
      String from = where.equals("apiKey") ? where : "\"" + where + "\"";
      throw new WebError(WebErrorCodes.WEB_PROVIDER_ERROR, Failures.REQUEST_FAILED
          + "the API key from " + from
          + " holds a line break, a space or another character an HTTP header cannot carry");
    }
    return key;
  }

  private WebError missing(Settings settings, boolean store) {
    String ref = settings.keyRef().name();
    String how = store ? ", store it with 'dsh credentials set " + ref + "'," : "";
    return new WebError(WebErrorCodes.WEB_PROVIDER_CREDENTIAL_MISSING, "Yuanbao search has "
        + noKey(settings) + "; set apiKey" + how + " or export " + ref);
  }

  private static @Nullable String literal(Settings settings) {
    String key = settings.config().apiKey();
    return key == null || key.isBlank() ? null : key;
  }

  /** {@code no API key for "X" (apiKey is empty; X is exported but empty)}, naming what is empty. */
  private String noKey(Settings settings) {
    String ref = settings.keyRef().name();
    String empty = Stream.of(
            literal(settings) == null && settings.config().apiKey() != null ? "apiKey is empty" : "",
            env.get(ref).filter(String::isBlank).isPresent() ? ref + " is exported but empty" : "")
        .filter(part -> !part.isEmpty()).collect(Collectors.joining("; "));
    return "no API key for \"" + ref + "\"" + (empty.isEmpty() ? "" : " (" + empty + ")");
  }

  private static WebError resolutionFailed(Throwable error) {
    return error instanceof WebError web ? web : new WebError(WebErrorCodes.WEB_PROVIDER_ERROR,
        "Yuanbao search credential resolution failed: " + Failures.describe(error, true), error);
  }
}
