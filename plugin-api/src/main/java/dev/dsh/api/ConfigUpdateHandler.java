package dev.dsh.api;

/** Takes a validated config update in place ({@link Context#accept}): no restart. */
@FunctionalInterface
public interface ConfigUpdateHandler {

  /**
   * Offers a new, validated config.
   *
   * @return {@code true} when taken in place; {@code false} to restart the scope with it
   * @throws Exception a failure; the scope then restarts with the new config
   */
  boolean accept(Config next) throws Exception;
}
