package dev.dsh.host.internal.env;

/**
 * The {@code env} row's config: it has no fields. Declared so the row's config is checked like
 * every other built-in's: a key written under {@code env} is refused by name rather than ignored.
 */
public record EnvConfig() {}
