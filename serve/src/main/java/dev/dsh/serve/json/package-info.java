/** The JSON forms of a search and of a host's state, shared by the CLI and the HTTP API. */
@NullMarked
package dev.dsh.serve.json;

import org.jspecify.annotations.NullMarked;
