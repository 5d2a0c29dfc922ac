package dev.dsh.api;

/** Takes a validated config update in place ({@link Context#accept}): no restart. */
@FunctionalInterface
public interface ConfigUpdateHandler {

  /** Offers a new, validated config: true when taken in place; false or a throw restarts. */
  boolean accept(Config next) throws Exception;
}
