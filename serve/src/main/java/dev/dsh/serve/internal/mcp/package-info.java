/** {@code /mcp}: MCP over Streamable HTTP on the SDK's servlet transports. Not API. */
@NullMarked
package dev.dsh.serve.internal.mcp;

import org.jspecify.annotations.NullMarked;
