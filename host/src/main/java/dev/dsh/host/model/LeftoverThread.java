package dev.dsh.host.model;

/**
 * A thread an unloaded plugin left running: its context class loader, thread class or stack
 * frames are the plugin's.
 *
 * @param pluginId the plugin's id
 * @param thread the thread's name
 */
public record LeftoverThread(String pluginId, String thread) {}
