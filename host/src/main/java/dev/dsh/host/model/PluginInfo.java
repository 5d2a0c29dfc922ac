package dev.dsh.host.model;

import java.nio.file.Path;

/**
 * A plugin the host has loaded: its manifest's id and version, PF4J's state of it ({@code STARTED}
 * while it serves) and the jar in the plugins folder it came from.
 */
public record PluginInfo(String id, String version, String state, Path jar) {}
