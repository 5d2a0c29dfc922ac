package dev.dsh.host.internal.env;

/** The {@code env} row's config: no fields, so a key written under {@code env} is refused. */
public record EnvConfig() {}
