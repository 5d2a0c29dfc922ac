package dev.dsh.host.internal.web;

import dev.dsh.api.env.LaunchEnvironment;
import java.util.Optional;

/**
 * The pinned-provider rule, read in this one place: by the web service on every search and by the
 * host's boot when it judges whether a failed row may be needed. Two readers of their own once
 * disagreed about {@code searchProvider: " example "}: the boot took it as a pin of an unknown id
 * while selection served {@code example}.
 */
public final class ProviderPin {

  private ProviderPin() {}

  /**
   * The pinned provider id: the configured one (the {@code web} row's {@code searchProvider}) when
   * it is a string that is not blank, else the launch environment's {@value
   * WebServiceImpl#PIN_VARIABLE} when it is not blank; trimmed either way.
   *
   * @param configured the configured value as found (in a row's raw config or its bound view);
   *     anything but a string pins nothing
   */
  public static Optional<String> read(Optional<?> configured, LaunchEnvironment env) {
    return trimmed(configured).or(() -> trimmed(env.get(WebServiceImpl.PIN_VARIABLE)));
  }

  private static Optional<String> trimmed(Optional<?> value) {
    return value
        .filter(String.class::isInstance)
        .map(v -> ((String) v).trim())
        .filter(s -> !s.isEmpty());
  }
}
