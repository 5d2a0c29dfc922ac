package dev.dsh.host.model;

/**
 * A thread an unloaded plugin left running (see {@link dev.dsh.host.internal.plugins.PluginThreads}).
 *
 * @param pluginId the plugin's id
 * @param thread the thread's name
 */
public record LeftoverThread(String pluginId, String thread) {}
