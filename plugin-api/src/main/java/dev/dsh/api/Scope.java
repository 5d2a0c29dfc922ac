package dev.dsh.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A node of the context tree: one applied plugin with its config, state and effects. */
public interface Scope extends Disposable {

  /** A stable id, unique in the tree, such as {@code "root/web-search-yuanbao"}. */
  String id();

  /** The {@linkplain Plugin#name() name} of the plugin this scope applies. */
  String pluginName();

  /** The current state. */
  ScopeState state();

  /** Incremented by every state transition and every accepted update; starts at 0. */
  long generation();

  /** The error of the last failed transition, while the scope is {@link ScopeState#FAILED}. */
  Optional<Throwable> error();

  /** The parent scope; empty for the root. */
  Optional<Scope> parent();

  /** A snapshot of the live child scopes, in creation order. */
  List<Scope> children();

  /**
   * Replaces the config: a valid one goes to the {@link Context#accept} handler, else the scope
   * restarts; an invalid one throws {@link ConfigException} and the old one stays.
   */
  void update(Map<String, ?> config);

  /** Disposes the scope: children first, then its effects in reverse order. Idempotent. */
  @Override
  void dispose();
}
