package dev.dsh.api;

/**
 * Takes a validated config update in place, so the scope does not restart.
 *
 * @see Context#accept(ConfigUpdateHandler)
 */
@FunctionalInterface
public interface ConfigUpdateHandler {

  /**
   * Offers a new, already validated config.
   *
   * @return {@code true} when the update was taken in place; {@code false} to have the scope
   *     restart with the new config
   * @throws Exception a failure taking the update; the scope then restarts with the new config
   */
  boolean accept(Config next) throws Exception;
}
