package dev.dsh.api.credentials;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The name of a credential, such as {@code TENCENTCLOUD_WSA_APIKEY}, matching {@link #NAME}: also
 * the name of the environment variable that may hold it.
 */
public record CredentialRef(String name) {

  /** The accepted shape of a name. */
  public static final Pattern NAME = Pattern.compile("^[A-Za-z_][A-Za-z0-9_]*$");

  public CredentialRef {
    Objects.requireNonNull(name, "name");
    if (!NAME.matcher(name).matches()) {
      // The rejected text is not echoed: a key pasted into the wrong field must not be printed.
      throw new IllegalArgumentException("invalid credential reference: a name must match "
          + NAME.pattern() + " (letters, digits and '_', not starting with a digit); got "
          + (name.isEmpty() ? "an empty string" : "a string of " + name.length() + " characters"));
    }
  }

  /** The reference named {@code name}. */
  public static CredentialRef of(String name) {
    return new CredentialRef(name);
  }

  @Override
  public String toString() {
    return name;
  }
}
