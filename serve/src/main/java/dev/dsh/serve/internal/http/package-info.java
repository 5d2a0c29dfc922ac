/** The HTTP server's parts. Not API. */
@NullMarked
package dev.dsh.serve.internal.http;

import org.jspecify.annotations.NullMarked;
