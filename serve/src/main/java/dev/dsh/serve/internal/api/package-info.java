/** {@code /api/search} and {@code /api/status}: the JSON API. Not API of the library. */
@NullMarked
package dev.dsh.serve.internal.api;

import org.jspecify.annotations.NullMarked;
