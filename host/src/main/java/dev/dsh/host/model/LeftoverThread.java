package dev.dsh.host.model;

/** A thread an unloaded plugin left running (its class loader, class or frames are the plugin's). */
public record LeftoverThread(String pluginId, String thread) {}
