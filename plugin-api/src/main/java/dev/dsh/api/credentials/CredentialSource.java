package dev.dsh.api.credentials;

/** Where a resolved credential came from. */
public enum CredentialSource {
  /** The host's local credential store. */
  STORE("store"),
  /** The launch environment. */
  ENV("env");

  private final String id;

  CredentialSource(String id) {
    this.id = id;
  }

  /** The lower-case id shown to users: {@code store} or {@code env}. */
  public String id() {
    return id;
  }
}
