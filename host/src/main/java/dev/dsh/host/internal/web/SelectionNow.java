package dev.dsh.host.internal.web;

import static dev.dsh.api.web.WebErrorCodes.WEB_PROVIDER_UNAVAILABLE;

import dev.dsh.api.web.WebError;
import dev.dsh.api.web.WebService;
import java.util.Optional;

/**
 * The selection table ({@link ProviderSelection}) asked without a search: which provider the
 * host's web service would give a search now, for a console to show.
 */
public final class SelectionNow {

  private SelectionNow() {}

  /** The pinned provider id {@code service} reads now, if it is the host's (or a view of it). */
  public static Optional<String> pin(WebService service) {
    return own(service).flatMap(WebServiceImpl::pin);
  }

  /**
   * The id of the provider a search through {@code service} would get now.
   *
   * @throws WebError with the selection's code and message when it would get none, or {@code
   *     WEB_PROVIDER_UNAVAILABLE} when {@code service} is not the host's
   */
  public static String select(WebService service) {
    WebServiceImpl impl = own(service).orElseThrow(() -> new WebError(WEB_PROVIDER_UNAVAILABLE,
        "the web service is not the host's: no provider is selected"));
    return ProviderSelection.select(impl.pin(), impl.snapshot()).id();
  }

  private static Optional<WebServiceImpl> own(WebService service) {
    WebService own = service instanceof ScopedWebService view ? view.service() : service;
    return own instanceof WebServiceImpl impl ? Optional.of(impl) : Optional.empty();
  }
}
