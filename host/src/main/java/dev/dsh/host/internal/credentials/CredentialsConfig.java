package dev.dsh.host.internal.credentials;

import dev.dsh.api.config.Default;
import dev.dsh.api.config.Description;
import dev.dsh.host.model.DshHome;
import org.jspecify.annotations.Nullable;

/** The {@code credentials} row's config; a missing or blank {@code store} means the default. */
public record CredentialsConfig(
    @Default(CredentialsConfig.DEFAULT_STORE)
        @Description(
            "The credential store file. A relative path is resolved against the dsh home folder.")
        @Nullable String store) {

  /** The default store file name, in the home folder. */
  public static final String DEFAULT_STORE = DshHome.CREDENTIAL_STORE;

  public CredentialsConfig {
    if (store == null || store.isBlank()) {
      store = DEFAULT_STORE;
    }
  }
}
