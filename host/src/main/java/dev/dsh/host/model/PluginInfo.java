package dev.dsh.host.model;

import java.nio.file.Path;

/**
 * A plugin the host has loaded, as its status reports it.
 *
 * @param id the manifest's {@code Plugin-Id}
 * @param version the manifest's {@code Plugin-Version}
 * @param state PF4J's state of it ({@code STARTED} while it serves)
 * @param jar the jar in the plugins folder it was loaded from
 */
public record PluginInfo(String id, String version, String state, Path jar) {}
