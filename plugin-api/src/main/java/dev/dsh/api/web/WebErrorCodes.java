package dev.dsh.api.web;

/** The error codes of the web seam. The set is open: providers may report others. */
public final class WebErrorCodes {

  /** The provider failed: network, HTTP status, vendor error, unreadable answer. */
  public static final String WEB_PROVIDER_ERROR = "WEB_PROVIDER_ERROR";
  /** The caller's signal fired before the search ended. */
  public static final String WEB_ABORTED = "WEB_ABORTED";
  /** The provider found no credential for its reference. */
  public static final String WEB_PROVIDER_CREDENTIAL_MISSING = "WEB_PROVIDER_CREDENTIAL_MISSING";
  /** A provider with the same id is already registered. */
  public static final String WEB_DUPLICATE_PROVIDER = "WEB_DUPLICATE_PROVIDER";
  /** The pinned provider is not registered. */
  public static final String WEB_PROVIDER_CONFIGURED_MISSING = "WEB_PROVIDER_CONFIGURED_MISSING";
  /** The pinned provider is registered but not available. */
  public static final String WEB_PROVIDER_CONFIGURED_UNAVAILABLE =
      "WEB_PROVIDER_CONFIGURED_UNAVAILABLE";
  /** Nothing is pinned and no provider is available. */
  public static final String WEB_PROVIDER_UNAVAILABLE = "WEB_PROVIDER_UNAVAILABLE";
  /** Nothing is pinned and several providers are ready, or available and none ready. */
  public static final String WEB_PROVIDER_AMBIGUOUS = "WEB_PROVIDER_AMBIGUOUS";
  /** The request itself is invalid, such as tool arguments that break the tool's schema. */
  public static final String WEB_INVALID_REQUEST = "WEB_INVALID_REQUEST";
  /** The request carries a filter the serving provider cannot honour; nothing was sent. */
  public static final String WEB_REQUEST_UNSUPPORTED = "WEB_REQUEST_UNSUPPORTED";

  private WebErrorCodes() {}
}
