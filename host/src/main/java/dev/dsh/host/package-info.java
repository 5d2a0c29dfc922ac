/**
 * The host as a library: {@link dev.dsh.host.Host} boots the plugins of a home folder through
 * PF4J, applies a profile's rows in scopes of their own, serves {@code ctx.web} and the {@code
 * web_search} tool, and reloads when the plugins folder or the profile files change ({@link
 * dev.dsh.host.Host#serve}); {@link dev.dsh.host.HostOptions} says how. With {@code
 * dev.dsh.host.model} (the values it hands out) and {@code dev.dsh.host.tool} (the tool), this is
 * the public surface; packages under {@code dev.dsh.host.internal} are not API and may change.
 */
@NullMarked
package dev.dsh.host;

import org.jspecify.annotations.NullMarked;
