package dev.dsh.host.internal.config;

import dev.dsh.api.config.Default;

/**
 * Ships a hand-written embedded schema (test resources, {@code META-INF/dsh/schemas/}) that
 * differs from what its annotations would generate, so a test can tell which one was used.
 */
public record EmbeddedProbeConfig(@Default("10") Integer count) {}
