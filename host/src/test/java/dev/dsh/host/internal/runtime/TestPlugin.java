package dev.dsh.host.internal.runtime;

import dev.dsh.api.Config;
import dev.dsh.api.Context;
import dev.dsh.api.Plugin;
import dev.dsh.api.ServiceKey;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/** A plugin whose {@code apply} is a lambda, recording every config it was applied with. */
final class TestPlugin implements Plugin {

  @FunctionalInterface
  interface Body {
    void apply(Context ctx, Config config) throws Exception;
  }

  private final String name;
  private final Set<ServiceKey<?>> inject;
  private final Body body;
  final AtomicInteger applies = new AtomicInteger();
  final List<Config> configs = new CopyOnWriteArrayList<>();
  final List<Context> contexts = new CopyOnWriteArrayList<>();

  private TestPlugin(String name, Set<ServiceKey<?>> inject, Body body) {
    this.name = name;
    this.inject = inject;
    this.body = body;
  }

  static TestPlugin of(String name, Body body) {
    return new TestPlugin(name, Set.of(), body);
  }

  static TestPlugin noop(String name) {
    return of(name, (ctx, config) -> {});
  }

  TestPlugin requiring(ServiceKey<?>... keys) {
    return new TestPlugin(name, Set.of(keys), body);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public Set<ServiceKey<?>> inject() {
    return inject;
  }

  @Override
  public Optional<Class<?>> configType() {
    return Optional.of(TestConfigs.Settings.class);
  }

  @Override
  public void apply(Context ctx, Config config) throws Exception {
    applies.incrementAndGet();
    configs.add(config);
    contexts.add(ctx);
    body.apply(ctx, config);
  }

  Context lastContext() {
    return contexts.get(contexts.size() - 1);
  }

  Config lastConfig() {
    return configs.get(configs.size() - 1);
  }
}
