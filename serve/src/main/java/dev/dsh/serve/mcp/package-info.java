/**
 * The {@code web_search} tool as an MCP tool, and the check of every incoming message, shared by
 * every MCP door (stdio in the dsh application, Streamable HTTP here).
 */
@NullMarked
package dev.dsh.serve.mcp;

import org.jspecify.annotations.NullMarked;
