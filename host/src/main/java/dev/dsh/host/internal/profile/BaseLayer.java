package dev.dsh.host.internal.profile;

import java.util.List;

/**
 * The built-in rows every profile starts from: {@code env}, {@code credentials}, {@code web},
 * {@code tool-web}, in that order, each named after its id.
 *
 * <p>Their configs are empty on purpose: each built-in plugin's schema carries its defaults
 * ({@code credentials.store} = {@code credentials.json}, {@code tool-web.searchTimeoutMs} = 30000),
 * and the host fills them when it validates the row, so there is one source of truth for a
 * default. The {@code web} row pins no provider.
 */
final class BaseLayer {

  static final String NAME = "base layer";

  static final List<ProfileRow> ROWS =
      List.of(
          ProfileRow.named("env"),
          ProfileRow.named("credentials"),
          ProfileRow.named("web"),
          ProfileRow.named("tool-web"));

  private BaseLayer() {}
}
