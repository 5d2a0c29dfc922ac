/**
 * The host's machinery, not API: the packages under this one may change in any release. The dsh
 * application uses them for what the API does not offer yet.
 */
@NullMarked
package dev.dsh.host.internal;

import org.jspecify.annotations.NullMarked;
