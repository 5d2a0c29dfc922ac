/**
 * {@code dsh mcp}: the host's {@code web_search} tool served over the Model Context Protocol on
 * stdio, on the official MCP Java SDK.
 */
@NullMarked
package dev.dsh.app.mcp;

import org.jspecify.annotations.NullMarked;
